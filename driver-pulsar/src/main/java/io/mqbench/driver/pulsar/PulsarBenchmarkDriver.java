package io.mqbench.driver.pulsar;

import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.BootstrapAddresses;
import io.mqbench.driver.support.ClientVersion;
import io.mqbench.driver.support.Closing;
import io.mqbench.driver.support.DriverSettings;
import io.mqbench.driver.support.InstanceId;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.admin.PulsarAdminBuilder;
import org.apache.pulsar.client.admin.PulsarAdminException;
import org.apache.pulsar.client.api.Authentication;
import org.apache.pulsar.client.api.AuthenticationFactory;
import org.apache.pulsar.client.api.BatcherBuilder;
import org.apache.pulsar.client.api.ClientBuilder;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.PulsarClientException;
import org.apache.pulsar.client.api.SizeUnit;
import org.apache.pulsar.client.api.SubscriptionInitialPosition;
import org.apache.pulsar.client.api.SubscriptionMode;
import org.apache.pulsar.client.api.SubscriptionType;
import org.apache.pulsar.common.policies.data.BacklogQuota;
import org.apache.pulsar.common.policies.data.PersistencePolicies;
import org.apache.pulsar.common.policies.data.TenantInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Apache Pulsar on its official client. {@code initialize} creates a namespace of its own ({@code
 * <namespacePrefix>-<random>}, and the tenant if missing) with the file's persistence policy and
 * deduplication, and every topic lives there: a topic with more than one partition is a partitioned
 * topic. Producers send asynchronously (batched per the file); a send is done when the broker
 * confirmed it. A subscription is a Pulsar subscription of the configured type; its consumers
 * acknowledge each message after the harness's callback. {@code close} deletes the topics and the
 * namespace.
 */
public final class PulsarBenchmarkDriver implements BenchmarkDriver, DriverMetadata, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(PulsarBenchmarkDriver.class);
    /** How long a first contact with the service may take before the driver calls it unreachable. */
    static final int CONNECT_SECONDS = 5;

    private final OpenClients<BenchmarkProducer> producers = new OpenClients<>();
    private final OpenClients<BenchmarkConsumer> consumers = new OpenClients<>();
    private final AtomicInteger consumerCounter = new AtomicInteger();
    private final String instance = InstanceId.next();
    private PulsarSettings settings;
    private PulsarAdmin admin;
    private PulsarClient client;
    private String namespace;
    private boolean namespaceCreated;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        PulsarSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        initialize(PulsarSettings.read(configurationFile));
    }

    /** For tests that build settings in code. */
    void initialize(PulsarSettings given) throws IOException {
        settings = DriverSettings.check(given, PulsarSettings::validate);
        try {
            // Before the admin API creates anything: a wrong port is then a refusal in milliseconds.
            checkSomeBrokerAccepts(settings.client.serviceUrl.trim());
            admin = adminBuilder().build();
            checkCluster();
            createNamespace();
            try {
                client = clientBuilder().build();
            } catch (PulsarClientException e) {
                throw new IOException("client.serviceUrl '" + settings.client.serviceUrl + "': " + oneLine(e), e);
            }
            checkBinaryProtocol();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private PulsarAdminBuilder adminBuilder() throws IOException {
        PulsarSettings.Client c = settings.client;
        PulsarAdminBuilder builder = PulsarAdmin.builder()
                .serviceHttpUrl(c.httpUrl.trim())
                .connectionTimeout(CONNECT_SECONDS, TimeUnit.SECONDS)
                .requestTimeout(60, TimeUnit.SECONDS)
                .allowTlsInsecureConnection(c.tlsAllowInsecureConnection)
                .enableTlsHostnameVerification(c.tlsEnableHostnameVerification);
        if (hasTrustCertsFile()) {
            builder.tlsTrustCertsFilePath(c.tlsTrustCertsFilePath);
        }
        if (hasAuthentication()) {
            builder.authentication(authentication());
        }
        return builder;
    }

    private ClientBuilder clientBuilder() throws IOException {
        PulsarSettings.Client c = settings.client;
        ClientBuilder builder = PulsarClient.builder()
                .serviceUrl(c.serviceUrl.trim())
                .ioThreads(c.ioThreads)
                .connectionsPerBroker(c.connectionsPerBroker)
                .maxConcurrentLookupRequests(c.maxConcurrentLookupRequests)
                .memoryLimit(c.clientMemoryLimitMB, SizeUnit.MEGA_BYTES)
                .connectionTimeout(CONNECT_SECONDS, TimeUnit.SECONDS)
                .statsInterval(0, TimeUnit.SECONDS)
                // Consumers read on threads of their own (PulsarConsumer); the listener pool stays idle.
                .listenerThreads(1)
                .allowTlsInsecureConnection(c.tlsAllowInsecureConnection)
                .enableTlsHostnameVerification(c.tlsEnableHostnameVerification);
        if (hasTrustCertsFile()) {
            builder.tlsTrustCertsFilePath(c.tlsTrustCertsFilePath);
        }
        if (hasAuthentication()) {
            builder.authentication(authentication());
        }
        return builder;
    }

    private boolean hasAuthentication() {
        String plugin = settings.client.authentication.plugin;
        return plugin != null && !plugin.isBlank();
    }

    private boolean hasTrustCertsFile() {
        String path = settings.client.tlsTrustCertsFilePath;
        return path != null && !path.isBlank();
    }

    /**
     * The file's authentication, made afresh for each of the admin and the binary client: each
     * starts and closes the one it is given.
     */
    private Authentication authentication() throws IOException {
        PulsarSettings.Authentication a = settings.client.authentication;
        try {
            return AuthenticationFactory.create(a.plugin, a.data);
        } catch (PulsarClientException e) {
            throw new IOException("client.authentication.plugin '" + a.plugin + "' cannot be used: " + oneLine(e), e);
        }
    }

    /** The service answers, knows the cluster, and has bookies enough for the persistence policy; else one line. */
    private void checkCluster() throws IOException {
        String httpUrl = settings.client.httpUrl.trim();
        List<String> clusters;
        try {
            clusters = admin.clusters().getClusters();
        } catch (PulsarAdminException e) {
            throw new IOException("cannot reach Pulsar's admin API at " + httpUrl + ": " + oneLine(e)
                    + " (is it running? bin/brokers start pulsar; check client.httpUrl)", e);
        }
        String cluster = settings.client.clusterName.trim();
        if (!clusters.contains(cluster)) {
            throw new IOException("client.clusterName is '" + cluster + "' but the Pulsar service at " + httpUrl
                    + " has the cluster(s) " + clusters + "; set clusterName: " + clusters.get(0)
                    + " (upstream OMB's pulsar.yaml says local)");
        }
        if (settings.topicType() == PulsarSettings.TopicType.PERSISTENT) {
            int bookies = bookies();
            PulsarSettings.Persistence p = settings.client.persistence;
            if (bookies > 0 && p.ensembleSize > bookies) {
                throw new IOException("client.persistence.ensembleSize is " + p.ensembleSize + " but the Pulsar service at "
                        + httpUrl + " has " + bookies + (bookies == 1 ? " bookie" : " bookies") + "; set ensembleSize,"
                        + " writeQuorum and ackQuorum to at most " + bookies + " (upstream OMB's pulsar.yaml asks for 3, 3, 2)");
            }
        }
    }

    /** The bookies the service knows, or 0 when it will not say (then the first write tells). */
    private int bookies() {
        try {
            return admin.bookies().getBookies().getBookies().size();
        } catch (PulsarAdminException | RuntimeException e) {
            log.debug("listing Pulsar's bookies: {}", e.toString());
            return 0;
        }
    }

    /** The tenant if missing, then a namespace of this driver's own with the file's policies. */
    private void createNamespace() throws IOException {
        String tenant = settings.tenant();
        String cluster = settings.client.clusterName.trim();
        namespace = settings.client.namespacePrefix.trim() + "-" + instance;
        try {
            if (!admin.tenants().getTenants().contains(tenant)) {
                try {
                    admin.tenants().createTenant(tenant, TenantInfo.builder().allowedClusters(Set.of(cluster)).build());
                } catch (PulsarAdminException.ConflictException e) {
                    // another worker created it meanwhile
                }
            }
            admin.namespaces().createNamespace(namespace, Set.of(cluster));
            namespaceCreated = true;
            PulsarSettings.Persistence p = settings.client.persistence;
            admin.namespaces().setPersistence(namespace, new PersistencePolicies(p.ensembleSize, p.writeQuorum, p.ackQuorum, 0));
            // No backlog limit: a paused consumer's backlog must not stop the producers.
            admin.namespaces().setBacklogQuota(namespace, BacklogQuota.builder()
                    .limitSize(-1)
                    .limitTime(-1)
                    .retentionPolicy(BacklogQuota.RetentionPolicy.producer_exception)
                    .build());
            admin.namespaces().setDeduplicationStatus(namespace, p.deduplicationEnabled);
        } catch (PulsarAdminException e) {
            throw new IOException("cannot create the Pulsar namespace " + namespace + " (tenant " + tenant + ", cluster "
                    + cluster + "): " + oneLine(e), e);
        }
        log.info("Pulsar namespace {} created", namespace);
    }

    /** The binary protocol answers (the admin API may be reachable while serviceUrl is wrong). */
    private void checkBinaryProtocol() throws IOException {
        String serviceUrl = settings.client.serviceUrl.trim();
        try {
            client.getPartitionsForTopic(getTopicNamePrefix() + "-connection-check", true)
                    .get(CONNECT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to Pulsar at " + serviceUrl, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof PulsarClientException.TopicDoesNotExistException) {
                return; // the broker answered the lookup: the topic is made later
            }
            throw new IOException("cannot connect to Pulsar at " + serviceUrl + ": " + oneLine(e.getCause())
                    + " (is it running? bin/brokers start pulsar; check client.serviceUrl)", e);
        } catch (TimeoutException e) {
            throw new IOException("cannot connect to Pulsar at " + serviceUrl + ": no answer within " + CONNECT_SECONDS + " s"
                    + " (is it running? bin/brokers start pulsar; check client.serviceUrl)", e);
        }
    }

    /**
     * At least one of serviceUrl's hosts accepts a TCP connection. The client retries a refused
     * connection until its timeout, so without this a wrong port took CONNECT_SECONDS to say so.
     */
    private static void checkSomeBrokerAccepts(String serviceUrl) throws IOException {
        String hosts = serviceUrl.substring(serviceUrl.indexOf("://") + 3).replaceAll("/.*$", "");
        int defaultPort = serviceUrl.startsWith("pulsar+ssl://") ? 6651 : 6650;
        try {
            BootstrapAddresses.checkOneAccepts(BootstrapAddresses.parse(hosts, defaultPort), CONNECT_SECONDS * 1000);
        } catch (IOException e) {
            throw new IOException("cannot connect to Pulsar at " + serviceUrl + ": " + oneLine(e)
                    + " (is it running? bin/brokers start pulsar; check client.serviceUrl)", e);
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return settings.topicType().scheme + "://" + namespace + "/mqbench";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        if (partitions > 1) {
            return admin.topics().createPartitionedTopicAsync(topic, partitions);
        }
        if (settings.topicType() == PulsarSettings.TopicType.NON_PERSISTENT) {
            return CompletableFuture.completedFuture(null); // exists while a producer or consumer is attached
        }
        return admin.topics().createNonPartitionedTopicAsync(topic);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        PulsarSettings.Producer p = settings.producer;
        var builder = client.newProducer()
                .topic(topic)
                .enableBatching(p.batchingEnabled)
                .batchingMaxPublishDelay(p.batchingMaxPublishDelayMs, TimeUnit.MILLISECONDS)
                .batchingMaxBytes(p.batchingMaxBytes)
                .batchingMaxMessages(Integer.MAX_VALUE) // bytes and time close a batch, as in upstream OMB
                .blockIfQueueFull(p.blockIfQueueFull)
                .maxPendingMessages(p.pendingQueueSize)
                .sendTimeout((int) p.sendTimeoutMs, TimeUnit.MILLISECONDS);
        if (settings.subscriptionKind() == PulsarSettings.SubscriptionKind.KEY_SHARED) {
            // Key_Shared hands a whole batch to the consumer of its first key: batch by key.
            builder.batcherBuilder(BatcherBuilder.KEY_BASED);
        }
        return builder.createAsync().thenApply(producer -> producers.add(new PulsarProducer(producer)));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        String name = "mqbench-pulsar-consumer-" + instance + "-" + consumerCounter.incrementAndGet();
        return client.newConsumer()
                .topic(topic)
                .subscriptionName(subscriptionName)
                .subscriptionType(subscriptionType())
                // a subscription made after the first sends still gets them
                .subscriptionInitialPosition(SubscriptionInitialPosition.Earliest)
                .receiverQueueSize(settings.consumer.receiverQueueSize)
                .maxTotalReceiverQueueSizeAcrossPartitions(Integer.MAX_VALUE)
                .consumerName(name)
                // a non-persistent topic keeps no cursor: say so, or the client warns and does it anyway
                .subscriptionMode(settings.topicType() == PulsarSettings.TopicType.PERSISTENT
                        ? SubscriptionMode.Durable : SubscriptionMode.NonDurable)
                .subscribeAsync()
                .thenApply(consumer -> consumers.add(PulsarConsumer.start(consumer, consumerCallback, name)));
    }

    private SubscriptionType subscriptionType() {
        return switch (settings.subscriptionKind()) {
            case FAILOVER -> SubscriptionType.Failover;
            case SHARED -> SubscriptionType.Shared;
            case KEY_SHARED -> SubscriptionType.Key_Shared;
            case EXCLUSIVE -> SubscriptionType.Exclusive;
        };
    }

    String namespace() {
        return namespace;
    }

    @Override
    public Map<String, String> metadata() {
        PulsarSettings.Client c = settings.client;
        PulsarSettings.Producer p = settings.producer;
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "pulsar-client " + ClientVersion.of(PulsarBenchmarkDriver.class, "pulsar-client"));
        facts.put("brokerVersion", brokerVersion());
        facts.put("endpoint", c.serviceUrl.trim() + " (admin " + c.httpUrl.trim() + ")");
        facts.put("namespace", namespace);
        facts.put("topicType", settings.topicType().scheme);
        if (settings.topicType() == PulsarSettings.TopicType.PERSISTENT) {
            PulsarSettings.Persistence q = c.persistence;
            facts.put("persistence", "ensemble " + q.ensembleSize + ", write quorum " + q.writeQuorum + ", ack quorum " + q.ackQuorum);
            facts.put("delivery", "at least once: a send is confirmed once " + q.ackQuorum + " bookie(s) wrote it to their"
                    + " journal; consumers acknowledge after the callback, and what was not acknowledged is delivered again"
                    + " when the consumer reconnects");
        } else {
            facts.put("delivery", "at most once: non-persistent topics keep nothing; the broker drops what a consumer"
                    + " cannot take and what is sent while nobody subscribes");
        }
        facts.put("deduplication", String.valueOf(c.persistence.deduplicationEnabled));
        facts.put("batching", p.batchingEnabled
                ? "on: up to " + p.batchingMaxBytes + " bytes or " + p.batchingMaxPublishDelayMs + " ms per batch"
                : "off: one message per send");
        facts.put("subscriptionType", subscriptionType().name());
        facts.put("receiverQueueSize", String.valueOf(settings.consumer.receiverQueueSize));
        facts.put("publishTimestamp", "mqbench's payload stamp; otherwise the message's publish time (the producer's clock)");
        facts.put("deleteNamespaceOnClose", String.valueOf(settings.deleteNamespaceOnClose));
        return facts;
    }

    private String brokerVersion() {
        try {
            return admin.brokers().getVersion();
        } catch (PulsarAdminException | RuntimeException e) {
            return "unknown (" + oneLine(e) + ")";
        }
    }

    /** Closes producers (waiting for their confirmations), consumers, then deletes the topics and the namespace. */
    @Override
    public void close() {
        for (BenchmarkProducer producer : producers.takeAll()) {
            Closing.quietly(producer, log);
        }
        for (BenchmarkConsumer consumer : consumers.takeAll()) {
            Closing.quietly(consumer, log);
        }
        Closing.quietly(client, log);
        client = null;
        if (admin != null && namespaceCreated && settings.deleteNamespaceOnClose) {
            deleteNamespace();
        }
        namespaceCreated = false;
        Closing.quietly(admin, log);
        admin = null;
    }

    /**
     * Deletes every topic of the namespace, then the namespace. A topic another worker's consumers
     * still use is not deleted (Pulsar refuses), and the namespace stays with it: logged.
     */
    private void deleteNamespace() {
        try {
            List<String> partitioned = admin.topics().getPartitionedTopicList(namespace);
            for (String topic : partitioned) {
                admin.topics().deletePartitionedTopic(topic, true);
            }
            List<String> others = new ArrayList<>();
            for (String topic : admin.topics().getList(namespace)) {
                if (!topic.contains("-partition-") || partitioned.stream().noneMatch(topic::startsWith)) {
                    others.add(topic);
                }
            }
            for (String topic : others) {
                admin.topics().delete(topic, true);
            }
            admin.namespaces().deleteNamespace(namespace);
            log.info("Pulsar namespace {} deleted", namespace);
        } catch (PulsarAdminException | RuntimeException e) {
            log.warn("deleting Pulsar namespace {}: {}", namespace, oneLine(e));
        }
    }

    /** A client exception's message on one line (Pulsar's messages can carry a whole response body). */
    static String oneLine(Throwable e) {
        Throwable shown = e;
        while (shown.getMessage() == null && shown.getCause() != null) {
            shown = shown.getCause();
        }
        String message = shown.getMessage() == null ? shown.getClass().getSimpleName() : shown.getMessage();
        String line = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        // "org.apache...AsyncHttpConnector$RetryException: Could not ..." says the same without the class
        line = line.replaceFirst("^(?:[a-z][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error): ", "");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
