package io.mqbench.driver.nats;

import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.ClientVersion;
import io.mqbench.driver.support.Closing;
import io.mqbench.driver.support.DriverSettings;
import io.mqbench.driver.support.InstanceId;
import io.mqbench.driver.support.OpenClients;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.DeliverPolicy;
import io.nats.client.api.RetentionPolicy;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import io.nats.client.api.StreamInfo;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NATS, in one of two modes. {@code jetstream}: a topic is a stream whose subjects are its
 * partitions, a subscription is a durable pull consumer with explicit acknowledgements, producers
 * publish asynchronously and count a send when the server has stored it (at least once). {@code
 * core}: a topic is a subject, a subscription a queue group, nothing is stored (at most once).
 */
public final class NatsBenchmarkDriver implements BenchmarkDriver, DriverMetadata, RedeliveryHorizon, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(NatsBenchmarkDriver.class);

    private final OpenClients<BenchmarkProducer> producers = new OpenClients<>();
    private final OpenClients<BenchmarkConsumer> consumers = new OpenClients<>();
    private final List<String> createdStreams = new ArrayList<>();
    private final Map<String, List<String>> subjectsByTopic = new ConcurrentHashMap<>();
    private final AtomicInteger clientCounter = new AtomicInteger();
    /** Tells this driver's connections (and message ids) from those of other workers and runs. */
    private final String instance = InstanceId.next();
    private NatsSettings settings;
    private NatsSettings.Mode mode;
    private NatsConnections connections;
    private Connection control;
    private JetStreamManagement management;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        NatsSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        initialize(NatsSettings.read(configurationFile));
    }

    /** For tests that build settings in code. */
    void initialize(NatsSettings given) throws IOException {
        settings = DriverSettings.check(given, NatsSettings::validate);
        mode = settings.mode();
        connections = new NatsConnections(settings);
        control = connections.open("mqbench-nats-control");
        if (mode == NatsSettings.Mode.JETSTREAM) {
            try {
                checkJetStream();
                management = control.jetStreamManagement();
            } catch (IOException e) {
                close();
                throw e;
            }
        }
    }

    /** A server without JetStream, or a replication factor a single server cannot keep, fails here in one clear line. */
    private void checkJetStream() throws IOException {
        var server = control.getServerInfo();
        if (!server.isJetStreamAvailable()) {
            throw new IOException("the NATS server at " + settings.describeServers() + " has JetStream off; start it with"
                    + " JetStream on (nats-server -js; bin/brokers start nats does), or set mode: core");
        }
        if (settings.replicationFactor > 1 && (server.getCluster() == null || server.getCluster().isEmpty())) {
            throw new IOException("replicationFactor is " + settings.replicationFactor + " but the NATS server at "
                    + settings.describeServers() + " is not part of a cluster, so it keeps one copy of a stream;"
                    + " set replicationFactor: 1 (upstream OMB's nats.yaml asks for 3)");
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench-nats";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        if (mode == NatsSettings.Mode.CORE) {
            return CompletableFuture.completedFuture(null); // a subject needs no creation
        }
        List<String> subjects = NatsNames.partitionSubjects(topic, partitions);
        StreamConfiguration stream = StreamConfiguration.builder()
                .name(NatsNames.stream(topic))
                .subjects(subjects)
                .storageType(settings.storage() == NatsSettings.Storage.FILE ? StorageType.File : StorageType.Memory)
                .retentionPolicy(settings.retentionPolicy() == NatsSettings.Retention.LIMITS
                        ? RetentionPolicy.Limits : RetentionPolicy.Interest)
                .replicas(settings.replicationFactor)
                .maxBytes(settings.maxBytes)
                .build();
        try {
            management.addStream(stream);
            synchronized (createdStreams) {
                createdStreams.add(stream.getName());
            }
            subjectsByTopic.put(topic, subjects);
            return CompletableFuture.completedFuture(null);
        } catch (IOException | JetStreamApiException | RuntimeException e) {
            return CompletableFuture.failedFuture(new IOException("cannot create NATS stream " + stream.getName() + ": " + e.getMessage(), e));
        }
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        Connection connection = null;
        try {
            String name = clientName("producer");
            connection = connections.open(name);
            BenchmarkProducer producer = mode == NatsSettings.Mode.CORE
                    ? new CoreProducer(connection, NatsNames.token(topic))
                    : JetStreamProducer.open(connection, name, subjectsOf(topic), settings);
            return CompletableFuture.completedFuture(producers.add(producer));
        } catch (IOException | JetStreamApiException | RuntimeException e) {
            Closing.quietly(connection, log);
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        Connection connection = null;
        try {
            connection = connections.open(clientName("consumer"));
            BenchmarkConsumer consumer;
            if (mode == NatsSettings.Mode.CORE) {
                consumer = CoreConsumer.subscribe(connection, NatsNames.token(topic), NatsNames.token(subscriptionName), consumerCallback);
            } else {
                String durable = NatsNames.token(subscriptionName);
                management.addOrUpdateConsumer(NatsNames.stream(topic), ConsumerConfiguration.builder()
                        .durable(durable)
                        .ackPolicy(AckPolicy.Explicit)
                        .deliverPolicy(DeliverPolicy.All)
                        .ackWait(Duration.ofMillis(settings.ackWaitMs))
                        .maxAckPending(settings.maxAckPending)
                        .build());
                consumer = JetStreamConsumer.start(connection, NatsNames.stream(topic), durable, settings.pullBatchSize, consumerCallback);
            }
            return CompletableFuture.completedFuture(consumers.add(consumer));
        } catch (IOException | JetStreamApiException | RuntimeException e) {
            Closing.quietly(connection, log);
            return CompletableFuture.failedFuture(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Closing.quietly(connection, log);
            return CompletableFuture.failedFuture(e);
        } catch (TimeoutException e) {
            Closing.quietly(connection, log);
            return CompletableFuture.failedFuture(new IOException("the NATS server did not confirm the subscription within 5 s", e));
        }
    }

    /** A topic's partition subjects; a topic created by another worker is looked up on the server. */
    private List<String> subjectsOf(String topic) throws IOException, JetStreamApiException {
        List<String> known = subjectsByTopic.get(topic);
        if (known != null) {
            return known;
        }
        StreamInfo info = management.getStreamInfo(NatsNames.stream(topic));
        List<String> subjects = List.copyOf(info.getConfiguration().getSubjects());
        subjectsByTopic.put(topic, subjects);
        return subjects;
    }

    private String clientName(String role) {
        return "mqbench-nats-" + role + "-" + instance + "-" + clientCounter.incrementAndGet();
    }

    /** A JetStream message not acknowledged comes again after ackWaitMs; core NATS never delivers twice. */
    @Override
    public Duration redeliveryHorizon() {
        return mode == NatsSettings.Mode.JETSTREAM ? Duration.ofMillis(settings.ackWaitMs) : Duration.ZERO;
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "jnats " + ClientVersion.of(NatsBenchmarkDriver.class, "jnats"));
        facts.put("brokerVersion", control.getServerInfo().getVersion());
        facts.put("endpoint", settings.describeServers());
        facts.put("mode", mode.name().toLowerCase(Locale.ROOT));
        if (mode == NatsSettings.Mode.JETSTREAM) {
            facts.put("delivery", "at least once: durable pull consumers, explicit ack after the callback,"
                    + " redelivered after " + settings.ackWaitMs + " ms without ack");
            facts.put("storageType", settings.storage().name().toLowerCase(Locale.ROOT));
            facts.put("replicationFactor", String.valueOf(settings.replicationFactor));
            facts.put("retention", settings.retentionPolicy().name().toLowerCase(Locale.ROOT));
            facts.put("maxBytes", settings.maxBytes == -1 ? "no limit" : String.valueOf(settings.maxBytes));
            facts.put("publishWindow", String.valueOf(settings.publishWindow));
            facts.put("deduplicate", settings.deduplicate ? "on: a message id per publish (Nats-Msg-Id)" : "off");
            facts.put("pullBatchSize", String.valueOf(settings.pullBatchSize));
            facts.put("maxAckPending", String.valueOf(settings.maxAckPending));
        } else {
            facts.put("delivery", "at most once: core NATS keeps nothing; a message reaches the subscribers"
                    + " listening when it is published, and a slow subscriber's client drops what it cannot hold");
            facts.put("partitions", "none: every message of a topic goes to one subject");
        }
        facts.put("publishTimestamp", "mqbench's payload stamp; otherwise header " + PublishTime.HEADER);
        facts.put("deleteStreamsOnClose", String.valueOf(settings.deleteStreamsOnClose));
        return facts;
    }

    /** Closes producers (waiting for their acknowledgements), then consumers, then deletes the streams it created. */
    @Override
    public void close() {
        for (BenchmarkProducer producer : producers.takeAll()) {
            Closing.quietly(producer, log);
        }
        for (BenchmarkConsumer consumer : consumers.takeAll()) {
            Closing.quietly(consumer, log);
        }
        List<String> streams;
        synchronized (createdStreams) {
            streams = new ArrayList<>(createdStreams);
            createdStreams.clear();
        }
        if (management != null && settings.deleteStreamsOnClose) {
            for (String stream : streams) {
                try {
                    management.deleteStream(stream);
                } catch (IOException | JetStreamApiException e) {
                    log.warn("deleting NATS stream {}: {}", stream, e.getMessage());
                }
            }
        }
        Closing.quietly(control, log);
        control = null;
    }

}
