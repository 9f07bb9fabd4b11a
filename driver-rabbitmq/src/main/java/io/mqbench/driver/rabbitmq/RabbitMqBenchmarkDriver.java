package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.Connection;
import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.CreationThreads;
import io.mqbench.driver.support.DaemonThreads;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.bookkeeper.stats.StatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RabbitMQ over AMQP 0-9-1 with the official Java client. A topic is an exchange (one per
 * partition), a subscription is a queue per partition bound to it; see driver-rabbitmq/README.md
 * for the mapping and every setting.
 */
public final class RabbitMqBenchmarkDriver implements BenchmarkDriver, DriverMetadata, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(RabbitMqBenchmarkDriver.class);
    /** Heartbeats find a silently dead connection within ~2 intervals; the client's default is 60 s. */
    private static final int HEARTBEAT_SECONDS = 10;

    private RabbitMqSettings settings;
    private Routing routing;
    private ConnectionSlot admin;
    private ClientConnections connections;
    private Topology topology;
    private Reconnects reconnects;
    private ExecutorService deliveryThreads;
    private final CreationThreads creationThreads = new CreationThreads("rabbitmq-create");
    private ScheduledExecutorService reconnectThread;
    private final Map<String, String> brokerFacts = new LinkedHashMap<>();
    private final OpenClients<RabbitMqProducer> producers = new OpenClients<>();
    private final OpenClients<RabbitMqConsumer> consumers = new OpenClients<>();
    private final Set<String> streamSubscriptionsConsumed = ConcurrentHashMap.newKeySet();

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        RabbitMqSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        settings = RabbitMqSettings.read(configurationFile);
        routing = Routing.of(settings);
        List<BrokerEndpoint> endpoints = new ArrayList<>();
        try {
            for (String uri : settings.amqpUris) {
                endpoints.add(new BrokerEndpoint(uri.trim(), HEARTBEAT_SECONDS));
            }
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        deliveryThreads = Executors.newFixedThreadPool(Math.max(2, 2 * cores),
                DaemonThreads.named("rabbitmq-delivery"));
        reconnectThread = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rabbitmq-reconnect"));
        reconnects = new Reconnects(reconnectThread, settings.reconnectIntervalMs);
        ConnectionSource source = new ConnectionSource(endpoints, deliveryThreads);
        connections = new ClientConnections(source, settings.connectionPerProducer, settings.connectionPerConsumer);
        admin = new ConnectionSlot(source, 0, "mqbench-admin");
        topology = new Topology(settings, routing, admin);
        // Connect now: an unreachable broker or wrong credentials stop the run before it starts.
        Connection connection = admin.connection();
        describeBroker(connection, endpoints);
    }

    private void describeBroker(Connection connection, List<BrokerEndpoint> endpoints) {
        Map<String, Object> server = connection.getServerProperties();
        brokerFacts.put("clientLibrary", "com.rabbitmq:amqp-client " + connection.getClientProperties().get("version"));
        brokerFacts.put("protocol", "AMQP 0-9-1");
        brokerFacts.put("broker", server.get("product") + " " + server.get("version"));
        brokerFacts.put("brokerVersion", String.valueOf(server.get("version")));
        brokerFacts.put("brokerPlatform", String.valueOf(server.get("platform")));
        brokerFacts.put("brokers", endpoints.toString());
        if (settings.queueModeKind() == RabbitMqSettings.QueueMode.LAZY
                && String.valueOf(server.get("version")).matches("^(3\\.1[2-9]|[4-9])\\..*")) {
            log.warn("queueMode lazy: RabbitMQ {} ignores x-queue-mode (classic queues v2 page to disk by"
                    + " themselves); the run measures a default classic queue", server.get("version"));
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return creationThreads.run(() -> topology.declareTopic(topic, partitions));
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return createProducers(List.of(new ProducerInfo(0, topic))).thenApply(list -> list.get(0));
    }

    @Override
    public CompletableFuture<List<BenchmarkProducer>> createProducers(List<ProducerInfo> infos) {
        return CreationBatches.create(infos, settings.producerCreationBatchSize, settings.producerCreationDelay,
                creationThreads, info -> newProducer(info.getTopic()));
    }

    private BenchmarkProducer newProducer(String topic) throws IOException {
        TopicLayout layout = topology.layout(topic);
        int number = connections.nextProducerNumber();
        ClientConnections.Assigned connection = connections.forProducer(number);
        RabbitMqProducer producer = new RabbitMqProducer("mqbench-producer-" + number, layout, routing, settings,
                connection.slot(), connection.owned(), reconnects);
        producers.add(producer);
        producer.start();
        return producer;
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        return createConsumers(List.of(new ConsumerInfo(0, topic, subscriptionName, consumerCallback)))
                .thenApply(list -> list.get(0));
    }

    @Override
    public CompletableFuture<List<BenchmarkConsumer>> createConsumers(List<ConsumerInfo> infos) {
        // Consumers of one subscription in this call: streams split its partitions among them.
        Map<String, Integer> perSubscription = new HashMap<>();
        List<Integer> indexInSubscription = new ArrayList<>();
        for (ConsumerInfo info : infos) {
            indexInSubscription.add(perSubscription.merge(subscriptionKey(info), 1, Integer::sum) - 1);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < infos.size(); i++) {
            order.add(i);
        }
        return CreationBatches.create(order, settings.consumerCreationBatchSize, settings.consumerCreationDelay,
                creationThreads, i -> newConsumer(infos.get(i), indexInSubscription.get(i),
                        perSubscription.get(subscriptionKey(infos.get(i)))));
    }

    private static String subscriptionKey(ConsumerInfo info) {
        return info.getTopic() + "\n" + info.getSubscriptionName();
    }

    private BenchmarkConsumer newConsumer(ConsumerInfo info, int index, int consumersOfSubscription)
            throws IOException {
        TopicLayout layout = topology.layout(info.getTopic());
        String subscription = info.getSubscriptionName();
        List<String> queues = topology.declareSubscription(layout, subscription);
        boolean stream = settings.queueKind() == RabbitMqSettings.QueueType.STREAM;
        List<String> assigned = QueueAssignment.queuesFor(queues, stream, index, consumersOfSubscription);
        if (stream) {
            warnIfStreamReadTwice(info, index, consumersOfSubscription, assigned);
        }
        int number = connections.nextConsumerNumber();
        ClientConnections.Assigned connection = connections.forConsumer(number);
        RabbitMqConsumer consumer = new RabbitMqConsumer("mqbench-consumer-" + number, assigned, settings,
                info.getConsumerCallback(), connection.slot(), connection.owned(), reconnects,
                () -> topology.declareSubscription(layout, subscription));
        consumers.add(consumer);
        consumer.start();
        return consumer;
    }

    private void warnIfStreamReadTwice(ConsumerInfo info, int index, int count, List<String> assigned) {
        if (assigned.isEmpty()) {
            log.warn("subscription {}: consumer {} of {} reads nothing: a stream gives every consumer every message,"
                    + " so consumers split the partitions and there are fewer partitions than consumers",
                    info.getSubscriptionName(), index + 1, count);
        }
        if (index == 0 && !streamSubscriptionsConsumed.add(subscriptionKey(info))) {
            log.warn("subscription {}: more consumers were created in a separate call; on a stream each of them"
                    + " reads every message (the harness will count duplicates)", info.getSubscriptionName());
        }
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>(brokerFacts);
        facts.put("queueType", settings.queueKind().name().toLowerCase()
                + (settings.queueModeKind() == RabbitMqSettings.QueueMode.LAZY ? " (lazy)" : "")
                + (settings.queueDurable ? ", durable" : ", not durable"));
        facts.put("queueArguments", topology.queueArguments().toString());
        facts.put("exchange", routing.toString());
        facts.put("messagePersistence", String.valueOf(settings.messagePersistence));
        facts.put("publisherConfirms", settings.publisherConfirms
                ? "on, window " + (settings.maxInflightConfirms == 0 ? "unlimited" : settings.maxInflightConfirms)
                : "off");
        facts.put("mandatory", String.valueOf(settings.mandatory));
        facts.put("consumerAcks", settings.autoAck ? "autoAck"
                : "manual, every " + settings.ackEvery + ", prefetch " + (settings.prefetch == 0 ? "unlimited"
                        : settings.prefetch));
        facts.put("connections", (settings.connectionPerProducer ? "one per producer" : "shared by producers")
                + ", " + (settings.connectionPerConsumer ? "one per consumer" : "shared by consumers"));
        facts.put("endToEndTimestamp", "the payload's mqbench stamp; header " + RabbitMqProducer.PUBLISH_MILLIS_HEADER
                + " (epoch ms) for payloads without one, not the 1-second AMQP timestamp");
        return facts;
    }

    @Override
    public void close() {
        consumers.takeAll().forEach(RabbitMqConsumer::close);
        producers.takeAll().forEach(RabbitMqProducer::close);
        if (reconnectThread != null) {
            reconnectThread.shutdownNow();
        }
        if (topology != null && settings.deleteTopologyOnClose) {
            topology.deleteDeclared();
        }
        if (connections != null) {
            connections.close();
        }
        if (admin != null) {
            admin.close();
        }
        creationThreads.close();
        if (deliveryThreads != null) {
            deliveryThreads.shutdownNow();
        }
    }
}
