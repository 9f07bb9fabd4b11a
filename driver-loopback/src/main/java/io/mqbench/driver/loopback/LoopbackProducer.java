package io.mqbench.driver.loopback;

import io.mqbench.driver.api.SendWindow;
import io.mqbench.driver.api.StampedPayload;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Puts each message into the partition queue of every subscription of its topic, applying the
 * configured delivery latency, loss, duplication and send errors, and acknowledges it: at once, or
 * when a partition with a capacity has taken it, plus the configured acknowledgement latency.
 */
final class LoopbackProducer implements BenchmarkProducer, SendWindow {
    /**
     * The answer to every send acknowledged at once: one completed future shared by all of them
     * rather than one made per message (callers only attach to it; nothing completes it again).
     */
    private static final CompletableFuture<Void> ACKNOWLEDGED = CompletableFuture.completedFuture(null);

    private final LoopbackTopic topic;
    private final LoopbackSettings settings;
    private final ScheduledExecutorService acknowledger;
    private final Stalls stalls;
    /** The {@code sendWindow}, or null; {@code reserved} is room taken by {@link #awaitRoom()} for the next send. */
    private final Semaphore window;
    /** {@link LoopbackSettings#timed()}: whether a send needs its moment on the clock. */
    private final boolean timed;
    private boolean reserved;
    /** Set by {@link #awaitRoom()}: the next send already waited out any stall, before its send time was taken. */
    private boolean stallChecked;
    private int nextPartition;

    LoopbackProducer(LoopbackTopic topic, LoopbackSettings settings, ScheduledExecutorService acknowledger, Stalls stalls) {
        this.stalls = stalls;
        this.topic = topic;
        this.settings = settings;
        this.acknowledger = acknowledger;
        this.window = settings.sendWindow > 0 ? new Semaphore(settings.sendWindow) : null;
        this.timed = settings.timed();
    }

    /** The window's wait for room and the {@code sendStall}: both hold the message back before it is handed over. */
    @Override
    public void awaitRoom() throws InterruptedException {
        stalls.send().await();
        stallChecked = true;
        if (window != null && !reserved) {
            window.acquire();
            reserved = true;
        }
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        // Stalled once per message: a stall that began between awaitRoom and here would otherwise
        // land in this message's publish latency (a 1-in-100 race the stall test caught).
        if (stallChecked) {
            stallChecked = false;
        } else {
            stalls.send().await(); // a caller without awaitRoom (an upstream OMB worker)
        }
        if (window == null) {
            return send(key, payload);
        }
        if (reserved) {
            reserved = false;
        } else {
            window.acquireUninterruptibly();
        }
        CompletableFuture<Void> sent = send(key, payload);
        sent.whenComplete((ignored, error) -> window.release());
        return sent;
    }

    private CompletableFuture<Void> send(Optional<String> key, byte[] payload) {
        if (settings.sendErrorRate > 0 && ThreadLocalRandom.current().nextDouble() < settings.sendErrorRate) {
            return CompletableFuture.failedFuture(new IllegalStateException("loopback: injected send error"));
        }
        int partition = key.isPresent()
                ? Math.floorMod(key.get().hashCode(), topic.partitions())
                : nextPartition();
        // The harness's payload carries its send time; the clock is read only for anything else.
        long stamped = StampedPayload.sendMillis(payload);
        long publishMillis = stamped >= 0 ? stamped : System.currentTimeMillis();
        if (!timed) {
            // A stamped payload goes alone: the consumer reads its send time back from it.
            enqueue(partition, stamped >= 0 ? payload : new Envelope(payload, publishMillis, 0));
            return ACKNOWLEDGED;
        }
        long now = System.nanoTime();
        stalls.sent(now);
        // With a capacity the partition takes the message when its turn comes; until then it is
        // neither acknowledged nor deliverable.
        PartitionIngest ingest = topic.ingest(partition);
        long taken = ingest == null ? now : ingest.admit(now, payload.length);
        enqueue(partition, new Envelope(payload, publishMillis, taken + settings.deliveryLatency.sampleNanos()));
        return acknowledgement(ingest, now, taken);
    }

    /** Into the partition's queue of every subscription, less the configured loss, plus the duplicates. */
    private void enqueue(int partition, Object message) {
        for (LoopbackSubscription subscription : topic.subscriptions()) {
            if (settings.lossRate > 0 && ThreadLocalRandom.current().nextDouble() < settings.lossRate) {
                continue;
            }
            PartitionQueue queue = subscription.partition(partition);
            queue.offer(message);
            if (settings.duplicateRate > 0 && ThreadLocalRandom.current().nextDouble() < settings.duplicateRate) {
                queue.offer(message);
            }
        }
    }

    /**
     * Completed when the partition has taken the message, plus the configured acknowledgement
     * latency; inside the {@code ackLag}, not before its lag.
     */
    private CompletableFuture<Void> acknowledgement(PartitionIngest ingest, long now, long taken) {
        long lagged = stalls.ackLag().notBefore(now);
        long held = lagged - taken > 0 ? lagged : taken;
        if (settings.ackLatency.isNone() && held - now <= 0) {
            return ACKNOWLEDGED;
        }
        CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        if (settings.ackLatency.isNone() && held == taken) {
            ingest.acknowledgeAt(taken, acknowledged);
        } else {
            long delay = held - now + settings.ackLatency.sampleNanos();
            acknowledger.schedule(() -> acknowledged.complete(null), delay, TimeUnit.NANOSECONDS);
        }
        return acknowledged;
    }

    /**
     * The next partition in turn. Not locked: one sender thread calls it in mqbench, and callers
     * racing in an upstream worker can only skew the turn, never leave the range (a lock here was
     * two atomic operations on every send).
     */
    private int nextPartition() {
        int partition = nextPartition;
        nextPartition = partition + 1 == topic.partitions() ? 0 : partition + 1;
        return partition;
    }

    @Override
    public void close() {}
}
