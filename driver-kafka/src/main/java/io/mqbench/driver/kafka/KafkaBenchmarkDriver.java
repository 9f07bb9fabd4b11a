package io.mqbench.driver.kafka;

import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.Closing;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.utils.AppInfoParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kafka driver: topics through the AdminClient, one KafkaProducer per benchmark producer (a
 * transactional one when the YAML has {@code transactions}), one KafkaConsumer with its own poll
 * thread per benchmark consumer, the subscription name as consumer group. Reads OMB's Kafka driver
 * YAML keys; see driver-kafka/README.md for every setting and what it costs.
 */
public final class KafkaBenchmarkDriver implements BenchmarkDriver, DriverMetadata, RedeliveryHorizon, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(KafkaBenchmarkDriver.class);
    private static final int DEFAULT_CONNECT_TIMEOUT_MS = 15_000;

    private int connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS;
    private KafkaSettings settings;
    private ClientProperties clients;
    private TopicAdmin topics;
    /** Names this driver's transactional.ids: unique per driver instance, so runs never fence each other. */
    private final String instanceId = UUID.randomUUID().toString().substring(0, 8);
    private final AtomicInteger producerCount = new AtomicInteger();
    private final OpenClients<AutoCloseable> producers = new OpenClients<>();
    private final OpenClients<KafkaBenchmarkConsumer> consumers = new OpenClients<>();
    private final Set<String> groups = new LinkedHashSet<>();

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        try {
            // Read and validated, then checked again as the client properties are built: still no connection.
            ClientProperties.from(KafkaSettings.read(configurationFile));
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        try {
            initialize(KafkaSettings.read(configurationFile));
        } catch (IllegalArgumentException e) {
            // The harness names the file already; the message names the field.
            throw new IOException(e.getMessage(), e);
        }
    }

    /** For tests that build settings in code; also checks that a broker answers. */
    void initialize(KafkaSettings given) throws IOException {
        given.validate();
        settings = given;
        clients = ClientProperties.from(given);
        topics = new TopicAdmin(Admin.create(clients.adminProperties()), Optional.ofNullable(given.replicationFactor), clients.topicConfig());
        try {
            topics.checkReachable(clients.bootstrapServers(), connectTimeoutMs);
        } catch (IOException e) {
            topics.close();
            topics = null;
            throw e;
        }
    }

    /** How long initialize waits for a broker to answer; tests of unreachable brokers shorten it. */
    void connectTimeoutMs(int millis) {
        connectTimeoutMs = millis;
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return createTopics(List.of(new TopicInfo(topic, partitions)));
    }

    /** One AdminClient request for all topics, instead of one per topic. */
    @Override
    public CompletableFuture<Void> createTopics(List<TopicInfo> topicInfos) {
        for (TopicInfo info : topicInfos) {
            if (info.getPartitions() < 1) {
                return CompletableFuture.failedFuture(new IllegalArgumentException(
                        "topic " + info.getTopic() + ": partitions is " + info.getPartitions() + "; allowed: 1 or more"));
            }
        }
        return topics.create(topicInfos);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        Properties properties = clients.producerProperties();
        String transactionalId = null;
        if (settings.transactions != null) {
            transactionalId = "mqbench-" + instanceId + "-" + producerCount.getAndIncrement();
            properties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        }
        KafkaProducer<String, byte[]> client = null;
        try {
            client = new KafkaProducer<>(properties);
            BenchmarkProducer producer = transactionalId == null
                    ? KafkaBenchmarkProducer.of(client, topic, properties)
                    : new TransactionalBenchmarkProducer(client, topic, transactionalId, settings.transactions);
            producers.add(producer);
            return CompletableFuture.completedFuture(producer);
        } catch (RuntimeException e) {
            if (client != null) {
                client.close(Duration.ZERO);
            }
            return CompletableFuture.failedFuture(e);
        }
    }

    // close(Duration) is deprecated from kafka-clients 4.1 on, but CloseOptions does not exist in the
    // 3.x clients an upstream OMB worker may put next to this jar.
    @SuppressWarnings("deprecation")
    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        KafkaConsumer<String, ByteBuffer> client = null;
        try {
            client = new KafkaConsumer<>(clients.consumerProperties(subscriptionName));
            KafkaBenchmarkConsumer consumer = new KafkaBenchmarkConsumer(client, topic, subscriptionName, consumerCallback, commitMode(),
                    Duration.ofMillis(settings.offsetCommitIntervalMs));
            consumers.add(consumer);
            synchronized (groups) {
                groups.add(subscriptionName);
            }
            return CompletableFuture.completedFuture(consumer);
        } catch (RuntimeException e) {
            if (client != null) {
                client.close(Duration.ZERO);
            }
            return CompletableFuture.failedFuture(e);
        }
    }

    /** How the consumers commit their offsets; null when the client commits by itself (enable.auto.commit=true). */
    private OffsetCommit commitMode() {
        if (clients.consumerAutoCommit()) {
            return null;
        }
        return settings.offsetCommit == null ? OffsetCommit.ASYNC : settings.offsetCommit;
    }

    /** Uncommitted messages of a failed consumer come again after a rebalance. */
    @Override
    public Duration redeliveryHorizon() {
        // A consumer that stops answering keeps its partitions until its session times out; then a
        // rebalance hands them to another member, which starts again from the last committed offset.
        return Duration.ofMillis(clients.sessionTimeoutMillis());
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "kafka-clients " + AppInfoParser.getVersion());
        facts.put("bootstrapServers", clients.bootstrapServers());
        facts.putAll(topics.clusterFacts());
        facts.put("replicationFactor", settings.replicationFactor == null ? "broker default" : settings.replicationFactor.toString());
        facts.put("topicConfig", clients.topicConfig().toString());
        for (String key : List.of(ProducerConfig.ACKS_CONFIG, ProducerConfig.LINGER_MS_CONFIG, ProducerConfig.BATCH_SIZE_CONFIG,
                ProducerConfig.COMPRESSION_TYPE_CONFIG, ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION)) {
            facts.put("producer." + key, clients.producerValue(key).orElse("(client default)"));
        }
        for (String key : List.of(ConsumerConfig.ISOLATION_LEVEL_CONFIG, ConsumerConfig.FETCH_MIN_BYTES_CONFIG,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, ConsumerConfig.MAX_POLL_RECORDS_CONFIG)) {
            facts.put("consumer." + key, clients.consumerValue(key).orElse("(client default)"));
        }
        OffsetCommit commitMode = commitMode();
        String commitInterval = settings.offsetCommitIntervalMs > 0
                ? ", at most every " + settings.offsetCommitIntervalMs + " ms"
                : ", after every poll";
        facts.put("offsetCommit", commitMode == null ? "client auto-commit (enable.auto.commit=true)" : commitMode + commitInterval);
        facts.put("transactions", settings.transactions == null ? "off"
                : "commit every " + settings.transactions.commitEveryMessages + " messages or "
                        + settings.transactions.commitEveryMs + " ms");
        return facts;
    }

    @Override
    public void close() {
        for (KafkaBenchmarkConsumer consumer : consumers.takeAll()) {
            Closing.quietly(consumer, log);
        }
        for (AutoCloseable producer : producers.takeAll()) {
            Closing.quietly(producer, log);
        }
        if (topics == null) {
            return;
        }
        try {
            if (settings.reset) {
                deleteWhatThisRunCreated();
            }
        } finally {
            topics.close();
            topics = null;
        }
    }

    private void deleteWhatThisRunCreated() {
        try {
            topics.deleteGroups(List.copyOf(groups));
        } catch (Exception e) {
            log.warn("reset: could not delete consumer groups {}: {}", groups, e.toString());
        }
        try {
            topics.deleteCreatedTopics();
        } catch (Exception e) {
            log.warn("reset: could not delete the run's topics: {}", e.toString());
        }
        groups.clear();
    }
}
