package io.mqbench.driver.loopback;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Puts each message into the partition queue of every subscription of its topic, applying the
 * configured delivery latency, loss, duplication and send errors, and acknowledges it (at once, or
 * after the configured acknowledgement latency).
 */
final class LoopbackProducer implements BenchmarkProducer {
    private final LoopbackTopic topic;
    private final LoopbackSettings settings;
    private final ScheduledExecutorService acknowledger;
    private int nextPartition;

    LoopbackProducer(LoopbackTopic topic, LoopbackSettings settings, ScheduledExecutorService acknowledger) {
        this.topic = topic;
        this.settings = settings;
        this.acknowledger = acknowledger;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (settings.sendErrorRate > 0 && random.nextDouble() < settings.sendErrorRate) {
            return CompletableFuture.failedFuture(new IllegalStateException("loopback: injected send error"));
        }
        int partition = key.isPresent()
                ? Math.floorMod(key.get().hashCode(), topic.partitions())
                : nextPartition();
        long now = System.nanoTime();
        long publishMillis = System.currentTimeMillis();
        for (LoopbackSubscription subscription : topic.subscriptions()) {
            if (settings.lossRate > 0 && random.nextDouble() < settings.lossRate) {
                continue;
            }
            Envelope envelope = new Envelope(payload, publishMillis, now + settings.deliveryLatency.sampleNanos());
            PartitionQueue queue = subscription.partition(partition);
            queue.offer(envelope);
            if (settings.duplicateRate > 0 && random.nextDouble() < settings.duplicateRate) {
                queue.offer(envelope);
            }
        }
        if (settings.ackLatency.isNone()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        acknowledger.schedule(() -> acknowledged.complete(null), settings.ackLatency.sampleNanos(), TimeUnit.NANOSECONDS);
        return acknowledged;
    }

    private synchronized int nextPartition() {
        int partition = nextPartition;
        nextPartition = partition + 1 == topic.partitions() ? 0 : partition + 1;
        return partition;
    }

    @Override
    public void close() {}
}
