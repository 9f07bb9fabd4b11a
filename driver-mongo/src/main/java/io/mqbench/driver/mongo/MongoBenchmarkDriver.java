package io.mqbench.driver.mongo;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoCollection;
import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.CreationThreads;
import io.mqbench.driver.support.Durations;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.bookkeeper.stats.StatsLogger;
import org.bson.BsonDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MongoDB as a durable queue (seeds 000 and 003): every subscription of a topic is a collection
 * the producers write each message into; consumers of a subscription claim messages from it with
 * an atomic find-and-modify that leases them, and acknowledge by deleting them. See
 * driver-mongo/README.md for the layout, the indexes and every setting.
 */
public final class MongoBenchmarkDriver implements BenchmarkDriver, DriverMetadata, RedeliveryHorizon, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(MongoBenchmarkDriver.class);
    /** How long close() waits for producers and consumers together before interrupting them. */
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final Consumer<MongoClientSettings.Builder> clientCustomizer;
    private final OpenClients<MongoProducer> producers = new OpenClients<>();
    private final OpenClients<MongoConsumer> consumers = new OpenClients<>();
    private final Set<String> createdTopics = ConcurrentHashMap.newKeySet();
    private final AtomicInteger producerNumbers = new AtomicInteger();
    private final AtomicInteger consumerNumbers = new AtomicInteger();
    private final CreationThreads creationThreads = new CreationThreads("mongo-create");
    private MongoSettings settings;
    private MongoConnection connection;
    private SubscriptionRegistry registry;
    private Map<String, String> serverFacts = Map.of();

    public MongoBenchmarkDriver() {
        this(builder -> { });
    }

    /** For tests: adjust the client's settings (e.g. listen to the commands it sends). */
    MongoBenchmarkDriver(Consumer<MongoClientSettings.Builder> clientCustomizer) {
        this.clientCustomizer = clientCustomizer;
    }

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        MongoSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        settings = MongoSettings.read(configurationFile);
        connection = MongoConnection.open(settings, clientCustomizer);
        registry = new SubscriptionRegistry(connection.database());
        serverFacts = connection.describe();
        log.info("MongoDB {} at {} ({}), database {}, writeConcern {}", serverFacts.get("brokerVersion"),
                connection.hosts(), serverFacts.get("topology"), settings.database, settings.sendWriteConcern());
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return creationThreads.run(() -> {
            TopicCollections collections = new TopicCollections(topic);
            registry.createTopic(collections);
            createdTopics.add(topic);
            if (partitions > 1) {
                log.info("topic {}: {} partitions asked for; a Mongo queue has none (one collection per"
                        + " subscription, shared by its consumers)", topic, partitions);
            }
        });
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return creationThreads.supply(() -> {
            TopicCollections collections = new TopicCollections(topic);
            SubscriptionTargets targets = new SubscriptionTargets(collections, registry, connection.database());
            if (targets.current().isEmpty()) {
                log.warn("topic {} has no subscription yet: its sends fail until a consumer subscribes", topic);
            }
            MongoProducer producer = new MongoProducer("mongo-producer-" + producerNumbers.incrementAndGet(),
                    collections, targets, settings);
            producers.add(producer);
            producer.start();
            return producer;
        });
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        return creationThreads.supply(() -> {
            TopicCollections collections = new TopicCollections(topic);
            registry.register(collections, subscriptionName);
            MongoCollection<BsonDocument> queue = connection.database()
                    .getCollection(collections.queue(subscriptionName), BsonDocument.class)
                    .withWriteConcern(settings.consumerWriteConcern());
            LeaseClaims claims = new LeaseClaims(queue, settings.visibilityTimeoutMillis(), settings.claimOrderKind());
            MongoConsumer consumer = new MongoConsumer("mongo-consumer-" + consumerNumbers.incrementAndGet(),
                    claims, consumerCallback, settings);
            consumers.add(consumer);
            consumer.start();
            return consumer;
        });
    }

    /** A claimed message whose consumer did not acknowledge it is claimable again when its lease ends. */
    @Override
    public Duration redeliveryHorizon() {
        return Duration.ofMillis(settings.visibilityTimeoutMillis());
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>(serverFacts);
        facts.put("database", settings.database);
        facts.put("layout", "one queue collection per subscription (<topic>.sub.<subscription>), listed in"
                + " <topic>.subscriptions; claim index {visibleAt: 1, _id: 1}");
        facts.put("writeConcern", describe(settings.sendLevel(), settings));
        facts.put("consumerWriteConcern", describe(settings.consumerLevel(), settings));
        facts.put("readPreference", settings.parsedReadPreference().getName());
        facts.put("visibilityTimeout", Durations.format(Duration.ofMillis(settings.visibilityTimeoutMillis())));
        facts.put("receiveBatch", String.valueOf(settings.receiveBatch));
        facts.put("insertBatch", String.valueOf(settings.insertBatch));
        facts.put("pollInterval", Durations.format(Duration.ofMillis(settings.pollIntervalMillis())));
        facts.put("claimOrder", settings.claimOrderKind().name().toLowerCase(Locale.ROOT));
        facts.put("endToEndTimestamp", "field publishedAt (producer's epoch ms)");
        return facts;
    }

    private static String describe(WriteConcernLevel level, MongoSettings settings) {
        StringBuilder text = new StringBuilder(level.settingName());
        if (settings.journal) {
            text.append(", journal");
        }
        if (level != WriteConcernLevel.W1) {
            text.append(", wtimeout ").append(settings.writeConcernTimeoutMillis() == 0 ? "none"
                    : Durations.format(Duration.ofMillis(settings.writeConcernTimeoutMillis())));
        }
        return text.toString();
    }

    @Override
    public void close() {
        List<MongoConsumer> openConsumers = consumers.takeAll();
        List<MongoProducer> openProducers = producers.takeAll();
        // Ask every thread to stop first, then wait for all of them against one deadline: closing
        // them one after the other would add up their waits when the server is unreachable.
        openConsumers.forEach(MongoConsumer::requestClose);
        openProducers.forEach(MongoProducer::requestClose);
        long deadline = Stopping.deadlineAfter(CLOSE_WAIT_MILLIS);
        openConsumers.forEach(consumer -> consumer.finishClose(deadline));
        openProducers.forEach(producer -> producer.finishClose(deadline));
        if (registry != null && settings.deleteTopicsOnClose) {
            for (String topic : createdTopics) {
                try {
                    registry.dropTopic(new TopicCollections(topic));
                } catch (RuntimeException e) {
                    log.warn("topic {}: dropping its collections failed: {}", topic, e.toString());
                }
            }
            createdTopics.clear();
        }
        if (connection != null) {
            connection.close();
            connection = null;
        }
        creationThreads.close();
    }
}
