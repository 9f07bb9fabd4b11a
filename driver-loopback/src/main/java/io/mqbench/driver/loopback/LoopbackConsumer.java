package io.mqbench.driver.loopback;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.api.StampedPayload;
import io.mqbench.driver.support.CacheLinePadding;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.jctools.util.PaddedAtomicLong;

/**
 * A consumer thread that takes due messages from the partitions its subscription gave it and hands
 * them to the callback. When nothing is due it parks until the next message is due or a producer
 * wakes it, so an injected delay is kept to within the timer's resolution (tens of microseconds).
 *
 * <p>While messages come densely (a wait ended with several waiting), an empty queue is not watched
 * but left alone for {@link #GATHER_NANOS}, then drained in one go. A consumer right behind the
 * producer, polling or parking on every message, makes each send move cache lines between the two
 * cores (the slot, the queue's index, the wake-up flag) and, when it parks, costs the sender a
 * system call to wake it. How much that costs depends on where the host has put this machine's
 * two virtual CPUs: a cache line took 55 ns there and back between them at some times and 320-340
 * ns at others (docs/max-rate.md, "Where the harness's ceiling moves"). Gathering for a few
 * microseconds lets the sender fill whole lines alone; a message then waits at most that much
 * longer. At low rates, where a wake-up finds a single message, it parks at once as before.
 */
final class LoopbackConsumer implements BenchmarkConsumer, PausableConsumer, Runnable {
    /** At most this many messages from one partition before looking at the next, for fairness. */
    private static final int BATCH = 256;
    /** Longest park, so pause, close and reassignment are noticed even without traffic. */
    private static final long MAX_PARK_NANOS = 10_000_000;
    /** How long an empty queue is left to fill while messages come densely: 40 messages at 4 M msg/s. */
    private static final long GATHER_NANOS = 10_000;
    /** A wait that ends with at least this many messages waiting shows them coming densely. */
    private static final int DENSE = 4;

    private final LoopbackSubscription subscription;
    private final ConsumerCallback callback;
    private final ConsumerPace pace;
    private final Stalls stalls;
    private final Thread thread;
    private volatile List<PartitionQueue> assigned = List.of();
    private volatile boolean running = true;
    private volatile boolean paused;
    /**
     * 1 while parked (or about to park) until a message arrives; cleared by the one producer that
     * wakes it. Padded: the consumer writes it at every park and the sends read it.
     */
    private final PaddedAtomicLong waiting = new PaddedAtomicLong();
    private final Round round = new Round();

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
        // One wake-up per park: the sends that follow it until the consumer runs need none.
        if (waiting.get() == 1 && waiting.compareAndSet(1, 0)) {
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
            round.delivered = 0;
            round.paceBound = false;
            for (PartitionQueue queue : assigned) {
                long due = deliverFrom(queue, System.nanoTime());
                if (pace != null && due != Long.MAX_VALUE && due - pace.readyAt() < 0) {
                    due = pace.readyAt();
                }
                if (due != Long.MAX_VALUE && (nextDue == Long.MAX_VALUE || due - nextDue < 0)) {
                    nextDue = due;
                }
            }
            if (round.paceBound) {
                // Busy with earlier messages: a producer's wake-up would change nothing.
                LockSupport.parkNanos(Math.max(1, pace.readyAt() - System.nanoTime()));
            } else if (round.delivered > 0) {
                if (round.waited) {
                    round.dense = round.delivered >= DENSE;
                    round.waited = false;
                }
            } else {
                if (round.waited) {
                    round.dense = false;      // nothing came during the last wait
                }
                if (round.dense && nextDue == Long.MAX_VALUE) {
                    gather();
                } else {
                    sleepUntil(nextDue);
                }
                round.waited = true;
            }
        }
    }

    /**
     * Delivers what is due from one queue, at most {@link #BATCH}, and returns when its head falls
     * due ({@code Long.MAX_VALUE} if it is empty). The queue is this consumer's alone meanwhile.
     */
    private long deliverFrom(PartitionQueue queue, long now) {
        if (!queue.claim()) {
            return now; // another consumer reads it for a moment (a rebalance): look again soon
        }
        try {
            for (int n = 0; n < BATCH && running && !paused; n++) {
                if (pace != null && !pace.ready(now)) {
                    round.paceBound = true;
                    break;
                }
                Object message = queue.pollIfDue(now);
                if (message == null) {
                    break;
                }
                byte[] payload;
                if (message instanceof byte[] stamped) {
                    payload = stamped;
                    callback.messageReceived(payload, StampedPayload.sendMillis(payload));
                } else {
                    Envelope envelope = (Envelope) message;
                    payload = envelope.payload();
                    callback.messageReceived(payload, envelope.publishMillis());
                }
                round.delivered++;
                if (pace != null) {
                    pace.took(now, payload.length);
                }
            }
            return queue.headDueNanos(now);
        } finally {
            queue.release();
        }
    }

    /** Leaves the queues alone for {@link #GATHER_NANOS} (spinning, without touching them). */
    private void gather() {
        long end = System.nanoTime() + GATHER_NANOS;
        while (running && !paused && System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    private void sleepUntil(long dueNanos) {
        long wait = dueNanos == Long.MAX_VALUE ? MAX_PARK_NANOS : Math.min(MAX_PARK_NANOS, dueNanos - System.nanoTime());
        if (wait <= 0) {
            return;
        }
        waiting.set(1);
        // A producer may have added a message after the scan above; look once more before parking.
        if (dueNanos == Long.MAX_VALUE && anyWaiting()) {
            waiting.set(0);
            return;
        }
        LockSupport.parkNanos(wait);
        waiting.set(0);
    }

    private boolean anyWaiting() {
        for (PartitionQueue queue : assigned) {
            if (!queue.isEmpty()) {
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

    /**
     * What the consumer's thread alone writes, on every message: padded (see {@link
     * CacheLinePadding}), as the sends read the queues' and this consumer's fields on every message
     * and the collector may put those objects right next to it.
     */
    private static class RoundFields extends CacheLinePadding {
        /** For one round over the assigned queues: messages delivered, and whether the capacity held it back. */
        int delivered;
        boolean paceBound;
        /** The last wait ended with {@link #DENSE} or more messages waiting: gather rather than park. */
        boolean dense;
        /** The consumer waited (parked or gathered) since it last delivered. */
        boolean waited;
    }

    @SuppressWarnings("unused")
    private static final class Round extends RoundFields {
        long t00, t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15;
    }
}
