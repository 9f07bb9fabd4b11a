package io.mqbench.driver.loopback;

import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.InProcessBroker;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.DaemonThreads;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * An in-memory broker inside the worker: topics with partitions, subscriptions that each get every
 * message, consumers of a subscription sharing its partitions. Optional injected latency, loss,
 * duplication and send errors make it the harness's test bench: a known 5 ms delay must come out
 * as 5 ms, a known loss rate as that many lost messages, a known capacity as that maximum rate. Producers and consumers must share one
 * worker process (local mode, or co-located placement).
 */
public final class LoopbackBenchmarkDriver
        implements BenchmarkDriver, DriverMetadata, InProcessBroker, RedeliveryHorizon, SettingsCheck {
    private final Map<String, LoopbackTopic> topics = new ConcurrentHashMap<>();
    private final OpenClients<LoopbackConsumer> consumers = new OpenClients<>();
    private LoopbackSettings settings;
    private ScheduledExecutorService acknowledger;
    /** Completes acknowledgements of partitions with a capacity; null without one. */
    private Acknowledger capacityAcknowledger;
    private Stalls stalls;

    /** The settings, or an IOException with a one-line message naming the field. */
    private static LoopbackSettings readSettings(File configurationFile) throws IOException {
        try {
            return LoopbackSettings.read(configurationFile);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        readSettings(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        settings = readSettings(configurationFile);
        startBroker();
    }

    /** What the settings add to the in-memory broker: the stalls and the capacities' acknowledger. */
    private void startBroker() {
        acknowledger = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("loopback-acknowledger"));
        stalls = Stalls.from(settings);
        if (!settings.capacity.isUnlimited()) {
            capacityAcknowledger = new Acknowledger();
        }
    }

    /** For tests that build settings in code. */
    void initialize(LoopbackSettings given) {
        given.validate();
        settings = given;
        startBroker();
    }

    @Override
    public String getTopicNamePrefix() {
        return "loopback";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        if (partitions < 1) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("partitions must be 1 or more"));
        }
        if (topics.putIfAbsent(topic, new LoopbackTopic(topic, partitions, settings, capacityAcknowledger)) != null) {
            return CompletableFuture.failedFuture(new IllegalStateException("topic " + topic + " already exists"));
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        LoopbackTopic target = topics.get(topic);
        if (target == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no topic " + topic));
        }
        return CompletableFuture.completedFuture(new LoopbackProducer(target, settings, acknowledger, stalls));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        LoopbackTopic target = topics.get(topic);
        if (target == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no topic " + topic));
        }
        LoopbackConsumer consumer = new LoopbackConsumer(topic, target.subscription(subscriptionName), consumerCallback,
                settings.consumerCapacity, stalls);
        consumers.add(consumer);
        consumer.start();
        return CompletableFuture.completedFuture(consumer);
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("broker", "loopback (in-memory, inside the worker)");
        facts.put("deliveryLatency", settings.deliveryLatency.toString());
        facts.put("keepOrder", String.valueOf(settings.keepOrder));
        facts.put("ackLatency", settings.ackLatency.toString());
        facts.put("lossRate", String.valueOf(settings.lossRate));
        facts.put("duplicateRate", String.valueOf(settings.duplicateRate));
        facts.put("sendErrorRate", String.valueOf(settings.sendErrorRate));
        facts.put("capacity", settings.capacity + " per partition");
        facts.put("consumerCapacity", settings.consumerCapacity + " per consumer");
        if (settings.sendWindow > 0) {
            facts.put("sendWindow", settings.sendWindow + " unacknowledged sends per producer");
        }
        if (settings.stallAtEndMs > 0) {
            facts.put("stallAtEndMs", String.valueOf(settings.stallAtEndMs));
        }
        return facts;
    }

    @Override
    public Duration redeliveryHorizon() {
        return Duration.ofMillis(settings.redeliveryHorizonMs);
    }

    @Override
    public void close() throws Exception {
        for (LoopbackConsumer consumer : consumers.takeAll()) {
            consumer.close();
        }
        if (acknowledger != null) {
            acknowledger.shutdownNow();
        }
        if (capacityAcknowledger != null) {
            capacityAcknowledger.close();
        }
        topics.clear();
    }
}
