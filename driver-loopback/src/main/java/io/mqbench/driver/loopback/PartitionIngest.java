package io.mqbench.driver.loopback;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * The broker's side of one topic partition that has a capacity: it takes messages one after another
 * at its {@link ServiceRate}, like a broker's request queue. A message sent while the partition is
 * busy waits its turn, so when producers send faster than the capacity the queue grows, send
 * acknowledgements come later and later, and deliveries keep to the capacity: nothing is dropped.
 * Acknowledgements that are not due yet wait here, in due order, for the {@link Acknowledger}.
 */
final class PartitionIngest {
    private record PendingAck(long dueNanos, CompletableFuture<Void> future) {}

    private final ServiceRate rate;
    private final ArrayDeque<PendingAck> pending = new ArrayDeque<>();
    private boolean idle = true;
    private long freeAtNanos;

    PartitionIngest(ServiceRate rate) {
        this.rate = rate;
    }

    /** When a message of {@code bytes} sent at {@code nowNanos} has been taken by the partition. */
    synchronized long admit(long nowNanos, int bytes) {
        long start = idle || freeAtNanos - nowNanos < 0 ? nowNanos : freeAtNanos;
        idle = false;
        freeAtNanos = start + rate.serviceNanos(bytes);
        return freeAtNanos;
    }

    /** Completes {@code future} at {@code dueNanos}; due times only grow here, so a FIFO keeps them in order. */
    synchronized void acknowledgeAt(long dueNanos, CompletableFuture<Void> future) {
        pending.addLast(new PendingAck(dueNanos, future));
    }

    /**
     * Completes the acknowledgements due at {@code nowNanos} (outside the lock, so the harness's
     * callbacks never run while a producer waits to admit). Returns when the next one is due, or
     * {@code Long.MAX_VALUE} if none waits.
     */
    long completeDue(long nowNanos) {
        while (true) {
            PendingAck due;
            synchronized (this) {
                PendingAck head = pending.peekFirst();
                if (head == null) {
                    return Long.MAX_VALUE;
                }
                if (head.dueNanos() - nowNanos > 0) {
                    return head.dueNanos();
                }
                due = pending.pollFirst();
            }
            due.future().complete(null);
        }
    }
}
