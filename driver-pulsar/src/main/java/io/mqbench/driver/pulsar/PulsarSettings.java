package io.mqbench.driver.pulsar;

import io.mqbench.driver.support.Choices;
import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The Pulsar driver's YAML file, read strictly. Upstream OMB's {@code pulsar.yaml} sections and keys
 * ({@code client}, {@code producer}, {@code consumer} and everything in them) keep their names and
 * meaning, so an upstream file loads with only {@code driverClass} changed. mqbench adds {@code
 * producer.sendTimeoutMs} and {@code deleteNamespaceOnClose}. The defaults fit the standalone
 * server {@code bin/brokers start pulsar} runs: one bookie, so one copy of each entry.
 */
public final class PulsarSettings {
    public String name;
    public String driverClass;

    public Client client = new Client();
    public Producer producer = new Producer();
    public Consumer consumer = new Consumer();

    /** Delete the topics this driver created, then its namespace, when it closes. */
    public boolean deleteNamespaceOnClose = true;

    /** The {@code client} section: where the service is, how to connect, the namespace the driver creates. */
    public static final class Client {
        /** The binary protocol: {@code pulsar://host:6650} or {@code pulsar+ssl://host:6651}. */
        public String serviceUrl = "pulsar://127.0.0.1:6650";
        /** The admin REST API: {@code http://host:port} or {@code https://...}. */
        public String httpUrl = "http://127.0.0.1:8088";
        /** Memory the client may hold in messages waiting to be sent; a full budget blocks or fails sends (blockIfQueueFull). */
        public long clientMemoryLimitMB = 256;
        /** Netty event loop threads of the client. */
        public int ioThreads = 8;
        /** TCP connections the client opens to each broker, producers and consumers spread over them. */
        public int connectionsPerBroker = 8;
        public int maxConcurrentLookupRequests = 1000;
        /** {@code tenant/name}: the driver creates the namespace {@code tenant/name-<random>} (and the tenant if missing). */
        public String namespacePrefix = "mqbench/ns";
        /** The cluster the tenant and namespace are placed in; Pulsar standalone calls its own {@code standalone}. */
        public String clusterName = "standalone";
        /** {@code persistent} (stored in BookKeeper) or {@code non-persistent} (kept in the broker's memory only). */
        public String topicType = "persistent";
        public Persistence persistence = new Persistence();
        public boolean tlsAllowInsecureConnection;
        public boolean tlsEnableHostnameVerification;
        public String tlsTrustCertsFilePath;
        public Authentication authentication = new Authentication();
    }

    /** {@code client.persistence}: the namespace's storage policy. */
    public static final class Persistence {
        /** Bookies each ledger is striped over. */
        public int ensembleSize = 1;
        /** Copies of each entry. */
        public int writeQuorum = 1;
        /** Copies that must be written before the broker confirms a send. */
        public int ackQuorum = 1;
        /** The broker drops a message a producer sends again with a sequence id it has seen (namespace policy). */
        public boolean deduplicationEnabled;
    }

    /** {@code client.authentication}: an authentication plugin class and its parameters, or neither. */
    public static final class Authentication {
        public String plugin;
        public String data;
    }

    /** The {@code producer} section. */
    public static final class Producer {
        public boolean batchingEnabled = true;
        /** How long a batch may wait for more messages before it is sent. */
        public int batchingMaxPublishDelayMs = 1;
        /** A batch is sent when it holds this many bytes. */
        public int batchingMaxBytes = 128 * 1024;
        /** When the client's memory budget (or pendingQueueSize) is used up: wait ({@code true}) or fail the send. */
        public boolean blockIfQueueFull = true;
        /** Most messages a producer keeps waiting for their confirmation; 0: no count limit, only clientMemoryLimitMB. */
        public int pendingQueueSize = 0;
        /** mqbench: a send not confirmed within this long fails (the client's own default, 30 s); 0 waits for ever, as upstream OMB does. */
        public long sendTimeoutMs = 30_000;
    }

    /** The {@code consumer} section. */
    public static final class Consumer {
        /** Messages the broker may push to a consumer ahead of the application (its prefetch). */
        public int receiverQueueSize = 10_000;
        /** {@code Failover} (as upstream OMB), {@code Shared}, {@code Key_Shared} or {@code Exclusive}. */
        public String subscriptionType = "Failover";
    }

    enum TopicType {
        PERSISTENT("persistent"),
        NON_PERSISTENT("non-persistent");

        final String scheme;

        TopicType(String scheme) {
            this.scheme = scheme;
        }
    }

    enum SubscriptionKind {
        FAILOVER,
        SHARED,
        KEY_SHARED,
        EXCLUSIVE
    }

    /** Tenant and namespace names: Pulsar allows letters, digits and {@code - _ = : .}. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_=:.\\-]+");

    TopicType topicType() {
        String value = client.topicType == null ? null : client.topicType.trim().toLowerCase(Locale.ROOT);
        for (TopicType type : TopicType.values()) {
            if (type.scheme.equals(value) || type.name().toLowerCase(Locale.ROOT).equals(value)) {
                return type;
            }
        }
        throw new IllegalArgumentException("client.topicType is " + (value == null || value.isEmpty() ? "empty" : "'" + client.topicType + "'")
                + "; allowed: persistent, non-persistent");
    }

    SubscriptionKind subscriptionKind() {
        return Choices.choice("consumer.subscriptionType", consumer.subscriptionType, SubscriptionKind.class);
    }

    String tenant() {
        return client.namespacePrefix.trim().split("/")[0];
    }

    /** Strictly, then {@link #validate()}; every problem is a one-line IOException naming the field. */
    static PulsarSettings read(File file) throws IOException {
        return DriverSettings.read(file, PulsarSettings.class, PulsarSettings::validate);
    }

    void validate() {
        if (client == null || producer == null || consumer == null) {
            throw new IllegalArgumentException("the sections client, producer and consumer may be left out but not left empty;"
                    + " remove the empty one");
        }
        if (client.persistence == null) {
            client.persistence = new Persistence();
        }
        if (client.authentication == null) {
            client.authentication = new Authentication();
        }
        url("client.serviceUrl", client.serviceUrl, List.of("pulsar", "pulsar+ssl"), "pulsar://127.0.0.1:6650");
        url("client.httpUrl", client.httpUrl, List.of("http", "https"), "http://127.0.0.1:8088");
        topicType();
        subscriptionKind();
        namespacePrefix();
        if (client.clusterName == null || client.clusterName.isBlank()) {
            throw new IllegalArgumentException("client.clusterName is empty; give the cluster the namespace goes to"
                    + " (Pulsar standalone: standalone)");
        }
        range("client.clientMemoryLimitMB", client.clientMemoryLimitMB, 1, 1_000_000);
        range("client.ioThreads", client.ioThreads, 1, 1024);
        range("client.connectionsPerBroker", client.connectionsPerBroker, 1, 1024);
        range("client.maxConcurrentLookupRequests", client.maxConcurrentLookupRequests, 1, 1_000_000);
        Persistence p = client.persistence;
        range("client.persistence.ensembleSize", p.ensembleSize, 1, 100);
        if (p.writeQuorum < 1 || p.writeQuorum > p.ensembleSize) {
            throw new IllegalArgumentException("client.persistence.writeQuorum is " + p.writeQuorum + "; allowed: 1 to"
                    + " ensembleSize (" + p.ensembleSize + ")");
        }
        if (p.ackQuorum < 1 || p.ackQuorum > p.writeQuorum) {
            throw new IllegalArgumentException("client.persistence.ackQuorum is " + p.ackQuorum + "; allowed: 1 to"
                    + " writeQuorum (" + p.writeQuorum + ")");
        }
        Authentication auth = client.authentication;
        if (blank(auth.plugin) && !blank(auth.data)) {
            throw new IllegalArgumentException("client.authentication.data is given without client.authentication.plugin;"
                    + " name the plugin class (e.g. org.apache.pulsar.client.impl.auth.AuthenticationToken) or remove data");
        }
        range("producer.batchingMaxPublishDelayMs", producer.batchingMaxPublishDelayMs, 0, 60_000);
        range("producer.batchingMaxBytes", producer.batchingMaxBytes, 1, 64 * 1024 * 1024);
        range("producer.pendingQueueSize", producer.pendingQueueSize, 0, 10_000_000);
        range("producer.sendTimeoutMs", producer.sendTimeoutMs, 0, 3_600_000);
        range("consumer.receiverQueueSize", consumer.receiverQueueSize, 0, 10_000_000);
    }

    private void namespacePrefix() {
        String value = client.namespacePrefix == null ? "" : client.namespacePrefix.trim();
        String[] parts = value.split("/", -1);
        if (parts.length != 2 || !NAME.matcher(parts[0]).matches() || !NAME.matcher(parts[1]).matches()) {
            throw new IllegalArgumentException("client.namespacePrefix is '" + client.namespacePrefix + "'; give tenant/name"
                    + " (letters, digits, - _ = : .), e.g. mqbench/ns: the driver creates the namespace tenant/name-<random>");
        }
    }

    private static void url(String field, String value, List<String> schemes, String example) {
        if (blank(value)) {
            throw new IllegalArgumentException(field + " is empty; give the address, e.g. " + example);
        }
        try {
            URI uri = new URI(value.trim());
            if (uri.getScheme() == null || !schemes.contains(uri.getScheme().toLowerCase(Locale.ROOT))) {
                throw new URISyntaxException(value, "scheme");
            }
            if (uri.getHost() == null && uri.getAuthority() == null) {
                throw new URISyntaxException(value, "no host");
            }
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(field + " is '" + value + "', which is not an address; give "
                    + String.join(" or ", schemes.stream().map(s -> s + "://host:port").toList()) + ", e.g. " + example);
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: " + min + " to " + max);
        }
    }
}
