package io.mqbench.driver.jms;

import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.Closing;
import io.mqbench.driver.support.CreationThreads;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A benchmark driver for any JMS 2.0 broker: producers, consumers and acknowledgements are plain
 * JMS; what is broker specific (connection factory, topic and subscription mapping, asynchronous
 * send acknowledgements, clean-up) comes from the {@link JmsProvider} a subclass opens.
 */
public abstract class JmsBenchmarkDriver implements BenchmarkDriver, DriverMetadata, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(JmsBenchmarkDriver.class);
    private JmsSettings settings;
    private JmsProvider provider;
    private Map<String, String> brokerFacts;
    // Named so Artemis' CloseIT can tell the driver's threads from the test's.
    private final CreationThreads creationThreads = new CreationThreads("jms-create");
    private final AtomicInteger producerNumbers = new AtomicInteger();
    private final AtomicInteger consumerNumbers = new AtomicInteger();
    private final OpenClients<BenchmarkProducer> producers = new OpenClients<>();
    private final OpenClients<BenchmarkConsumer> consumers = new OpenClients<>();
    private final Set<String> createdTopics = new LinkedHashSet<>();
    private final Set<List<String>> subscriptions = new LinkedHashSet<>();

    /** The driver's settings and its broker, read from the driver file; the provider connects here. */
    public record Opened(JmsSettings settings, JmsProvider provider) {}

    protected abstract Opened open(File configurationFile) throws IOException;

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        Opened opened = open(configurationFile);
        settings = opened.settings();
        provider = opened.provider();
        // Asked once, while connected: the result file wants them even after a broker failure.
        brokerFacts = provider.describe();
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return creationThreads.run(() -> {
            try {
                provider.createTopic(topic, partitions);
            } catch (Exception e) {
                throw new CompletionException("cannot create topic " + topic + ": " + JmsFailures.describe(e), e);
            }
            synchronized (createdTopics) {
                createdTopics.add(topic);
            }
        });
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return creationThreads.supply(() -> {
            String name = "mqbench-producer-" + producerNumbers.getAndIncrement();
            try {
                return producers.add(openProducer(name, topic));
            } catch (Exception e) {
                throw new CompletionException("cannot create " + name + " for " + topic + ": "
                        + JmsFailures.describe(e), e);
            }
        });
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        return creationThreads.supply(() -> {
            String name = "mqbench-consumer-" + consumerNumbers.getAndIncrement();
            try {
                BenchmarkConsumer consumer = openConsumer(name, topic, subscriptionName, consumerCallback);
                synchronized (subscriptions) {
                    subscriptions.add(List.of(topic, subscriptionName));
                }
                return consumers.add(consumer);
            } catch (Exception e) {
                throw new CompletionException("cannot create " + name + " on subscription " + subscriptionName
                        + " of " + topic + ": " + JmsFailures.describe(e), e);
            }
        });
    }

    /**
     * One producer with its own connection. A broker module may open one on the broker's own
     * client API instead, with the same settings (Artemis' core API, which upstream OMB's Artemis
     * driver measures).
     */
    protected BenchmarkProducer openProducer(String name, String topic) throws Exception {
        return JmsProducer.open(name, topic, provider, settings);
    }

    /** One consumer of a subscription, with its own connection; see {@link #openProducer}. */
    protected BenchmarkConsumer openConsumer(String name, String topic, String subscription, ConsumerCallback callback)
            throws Exception {
        return JmsConsumer.open(name, topic, subscription, callback, provider, settings);
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>(brokerFacts);
        facts.put("deliveryMode", settings.deliveryModeKind().name().toLowerCase());
        facts.put("sendMode", settings.sendModeKind() == JmsSettings.SendMode.SYNC
                ? "sync (each send waits for the broker's answer)"
                : "async, at most " + (settings.maxPendingSends == 0 ? "unlimited" : settings.maxPendingSends)
                        + " pending per producer");
        facts.put("ackMode", settings.describeAcks());
        facts.put("subscriptions", settings.durableSubscriptions ? "durable" : "non-durable");
        facts.put("messageGroups", settings.messageGroups ? "JMSXGroupID = message key" : "off");
        facts.put("endToEndTimestamp", "the payload's mqbench stamp; message property " + PublishTimestamp.PROPERTY
                + " (producer epoch ms) for payloads without one");
        return facts;
    }

    @Override
    public void close() {
        consumers.takeAll().forEach(consumer -> Closing.quietly(consumer, log));
        producers.takeAll().forEach(producer -> Closing.quietly(producer, log));
        if (provider != null) {
            if (settings.deleteTopologyOnClose) {
                deleteTopology();
            }
            provider.close();
        }
        creationThreads.close();
    }

    private void deleteTopology() {
        List<List<String>> subscribed;
        synchronized (subscriptions) {
            subscribed = new ArrayList<>(subscriptions);
            subscriptions.clear();
        }
        for (List<String> subscription : subscribed) {
            provider.deleteSubscription(subscription.get(0), subscription.get(1));
        }
        List<String> topics;
        synchronized (createdTopics) {
            topics = new ArrayList<>(createdTopics);
            createdTopics.clear();
        }
        topics.forEach(provider::deleteTopic);
    }

}
