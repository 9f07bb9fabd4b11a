package io.mqbench.driver.loopback;

import org.jctools.util.PaddedAtomicLong;

/**
 * The messages of one partition for one subscription. In the order they were sent (like a log) by
 * default; in due-time order when the settings allow reordering, so a random delay can overtake.
 */
final class PartitionQueue {
    /**
     * Each message is either its payload alone, when it carries the harness's stamp and is due at
     * once (the untimed path: no object made per message beside the payload), or an {@link Envelope}.
     * In send order ({@link SendOrderLanes}) unless the settings allow reordering. Its consumer side
     * is single-threaded (no compare-and-swap per message); a rebalance may let two consumers reach
     * for one partition for a moment, so a consumer {@link #claim()}s the queue for each batch it reads.
     */
    private final PartitionMessages messages;
    /** Whether messages carry a due time; otherwise each is due when it is sent ({@link LoopbackSettings#timed()}). */
    private final boolean timed;
    /**
     * 1 while a consumer reads this queue: {@link #claim()}. Padded: the consumer sets and clears it
     * for every batch, and the sends read this queue's fields on every message.
     */
    private final PaddedAtomicLong reading = new PaddedAtomicLong();
    /** The consumer that reads this queue now, woken when a message arrives. */
    private volatile LoopbackConsumer owner;

    PartitionQueue(boolean keepOrder, boolean timed) {
        this.timed = timed || !keepOrder;
        messages = keepOrder ? new SendOrderLanes() : new DueOrderMessages();
    }

    /** Adds a message: a stamped payload due at once (only in an untimed queue) or an {@link Envelope}. */
    void offer(Object message) {
        messages.offer(message);
        LoopbackConsumer reader = owner;
        if (reader != null) {
            reader.wake();
        }
    }

    /**
     * Makes the calling consumer the queue's only reader until {@link #release()}; false while
     * another consumer reads it. {@link #pollIfDue} and {@link #headDueNanos} only between the two.
     */
    boolean claim() {
        return reading.get() == 0 && reading.compareAndSet(0, 1);
    }

    void release() {
        reading.set(0);
    }

    /** The head if it is due at {@code nowNanos}, removed; otherwise null. See {@link #messages}. */
    Object pollIfDue(long nowNanos) {
        if (!timed) {
            return messages.poll(); // one look at the lane, not a peek and then a poll
        }
        Envelope head = (Envelope) messages.peek();
        if (head == null || head.dueNanos() - nowNanos > 0) {
            return null;
        }
        return messages.poll();
    }

    /** When the head becomes due ({@code nowNanos} if it carries no due time), or {@code Long.MAX_VALUE} if empty. */
    long headDueNanos(long nowNanos) {
        Object head = messages.peek();
        if (head == null) {
            return Long.MAX_VALUE;
        }
        return timed ? ((Envelope) head).dueNanos() : nowNanos;
    }

    /** Whether nothing waits; any thread, claimed or not. */
    boolean isEmpty() {
        return messages.isEmpty();
    }

    void setOwner(LoopbackConsumer consumer) {
        owner = consumer;
    }
}
