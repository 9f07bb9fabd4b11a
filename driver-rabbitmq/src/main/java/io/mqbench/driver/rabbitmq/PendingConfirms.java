package io.mqbench.driver.rabbitmq;

import java.util.concurrent.CompletableFuture;

/**
 * The send futures of one channel by publish sequence number. A channel numbers its publishes 1, 2,
 * 3, ... and the broker confirms them mostly in order, so the futures sit in a ring indexed by
 * sequence number, from the oldest unconfirmed one on: adding and settling cost an array store, where
 * a sorted map cost a tree node and a rebalance per message (6 % of the client's CPU at 40,000
 * msg/s). The ring grows when more are outstanding than it holds. Not thread-safe: {@link
 * ConfirmTracker} guards it.
 */
final class PendingConfirms {
    private static final int INITIAL_CAPACITY = 1024;

    @SuppressWarnings("unchecked")
    private CompletableFuture<Void>[] slots = new CompletableFuture[INITIAL_CAPACITY];
    /** The oldest sequence number that may still be pending; every one below it is settled. */
    private long first;
    /** One past the newest sequence number added. */
    private long end;
    private int count;

    /**
     * Adds the future of a publish. Numbers normally rise by one; a number that is not pending may
     * come again (a publish that failed before the channel counted it leaves its number to the next).
     */
    void add(long sequence, CompletableFuture<Void> future) {
        if (count == 0) {
            first = sequence;
            end = sequence + 1;
        } else if (sequence >= end) {
            ensureRoom(sequence - first + 1);
            end = sequence + 1;
        } else if (sequence < first) {
            ensureRoom(end - sequence);
            first = sequence;
        } else if (slots[index(sequence)] != null) {
            throw new IllegalArgumentException("publish sequence " + sequence + " is already pending");
        }
        slots[index(sequence)] = future;
        count++;
    }

    /** Removes and returns the future of {@code sequence}, or null if it is not pending. */
    CompletableFuture<Void> remove(long sequence) {
        if (sequence < first || sequence >= end) {
            return null;
        }
        int at = index(sequence);
        CompletableFuture<Void> future = slots[at];
        if (future != null) {
            slots[at] = null;
            count--;
            skipSettled();
        }
        return future;
    }

    /** The oldest pending sequence number, or -1 if none is pending. */
    long oldest() {
        skipSettled();
        return count == 0 ? -1 : first;
    }

    int size() {
        return count;
    }

    private void skipSettled() {
        while (first < end && slots[index(first)] == null) {
            first++;
        }
    }

    private void ensureRoom(long span) {
        if (span <= slots.length) {
            return;
        }
        int capacity = slots.length;
        while (capacity < span) {
            capacity *= 2;
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<Void>[] grown = new CompletableFuture[capacity];
        for (long sequence = first; sequence < end; sequence++) {
            grown[(int) (sequence & (capacity - 1))] = slots[index(sequence)];
        }
        slots = grown;
    }

    private int index(long sequence) {
        return (int) (sequence & (slots.length - 1));
    }
}
