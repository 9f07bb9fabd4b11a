package io.mqbench.driver.loopback;

import io.mqbench.driver.api.PausableConsumer;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A consumer thread that takes due messages from the partitions its subscription gave it and hands
 * them to the callback. When nothing is due it parks until the next message is due or a producer
 * wakes it, so an injected delay is kept to within the timer's resolution (tens of microseconds).
 */
final class LoopbackConsumer implements BenchmarkConsumer, PausableConsumer, Runnable {
    /** At most this many messages from one partition before looking at the next, for fairness. */
    private static final int BATCH = 256;
    /** Longest park, so pause, close and reassignment are noticed even without traffic. */
    private static final long MAX_PARK_NANOS = 10_000_000;

    private final LoopbackSubscription subscription;
    private final ConsumerCallback callback;
    private final ConsumerPace pace;
    private final Stalls stalls;
    private final Thread thread;
    private volatile List<PartitionQueue> assigned = List.of();
    private volatile boolean running = true;
    private volatile boolean paused;
    private volatile boolean waiting;

    LoopbackConsumer(String topic, LoopbackSubscription subscription, ConsumerCallback callback, ServiceRate capacity,
                     Stalls stalls) {
        this.stalls = stalls;
        this.subscription = subscription;
        this.callback = callback;
        this.pace = capacity.isUnlimited() ? null : new ConsumerPace(capacity);
        this.thread = new Thread(this, "loopback-" + topic + "-" + subscription.name());
        this.thread.setDaemon(true);
    }

    void start() {
        subscription.join(this);
        thread.start();
    }

    void assign(List<PartitionQueue> partitions) {
        assigned = List.copyOf(partitions);
        wake();
    }

    /** Called by producers after adding a message to one of this consumer's partitions. */
    void wake() {
        if (waiting) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void run() {
        while (running) {
            long at = System.nanoTime();
            if (paused || stalls.end().holding(at) || stalls.delivery().holding(at)) {
                LockSupport.parkNanos(MAX_PARK_NANOS);
                continue;
            }
            long nextDue = Long.MAX_VALUE;
            boolean delivered = false;
            boolean paceBound = false;
            for (PartitionQueue queue : assigned) {
                long now = System.nanoTime();
                for (int n = 0; n < BATCH && running && !paused; n++) {
                    if (pace != null && !pace.ready(now)) {
                        paceBound = true;
                        break;
                    }
                    Envelope envelope = queue.pollIfDue(now);
                    if (envelope == null) {
                        break;
                    }
                    callback.messageReceived(envelope.payload(), envelope.publishMillis());
                    delivered = true;
                    if (pace != null) {
                        pace.took(now, envelope.payload().length);
                    }
                }
                long due = queue.headDueNanos();
                if (pace != null && due != Long.MAX_VALUE && due - pace.readyAt() < 0) {
                    due = pace.readyAt();
                }
                if (due != Long.MAX_VALUE && (nextDue == Long.MAX_VALUE || due - nextDue < 0)) {
                    nextDue = due;
                }
            }
            if (paceBound) {
                // Busy with earlier messages: a producer's wake-up would change nothing.
                LockSupport.parkNanos(Math.max(1, pace.readyAt() - System.nanoTime()));
            } else if (!delivered) {
                sleepUntil(nextDue);
            }
        }
    }

    private void sleepUntil(long dueNanos) {
        long wait = dueNanos == Long.MAX_VALUE ? MAX_PARK_NANOS : Math.min(MAX_PARK_NANOS, dueNanos - System.nanoTime());
        if (wait <= 0) {
            return;
        }
        waiting = true;
        // A producer may have added a message after the scan above; look once more before parking.
        if (dueNanos == Long.MAX_VALUE && anyWaiting()) {
            waiting = false;
            return;
        }
        LockSupport.parkNanos(wait);
        waiting = false;
    }

    private boolean anyWaiting() {
        for (PartitionQueue queue : assigned) {
            if (queue.headDueNanos() != Long.MAX_VALUE) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void pause() {
        paused = true;
    }

    @Override
    public void resume() {
        paused = false;
        LockSupport.unpark(thread);
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        subscription.leave(this);
        LockSupport.unpark(thread);
        if (Thread.currentThread() != thread) {
            thread.join(5_000);
        }
    }
}
