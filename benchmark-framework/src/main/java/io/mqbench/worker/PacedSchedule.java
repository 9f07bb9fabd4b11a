package io.mqbench.worker;

import java.util.concurrent.locks.LockSupport;

/**
 * The intended send times of one sender thread: message n is due at {@code start + n / rate}.
 * Times come from the schedule, not from sleeping between sends, so the rate never drifts (at 10 or
 * at 500 000 msg/s) and a sender that falls behind catches up instead of silently sending less.
 * The gap between the intended and the actual send time is the publish delay the results report,
 * which keeps coordinated omission visible.
 *
 * <p>Only the sender thread calls {@link #awaitNext()}; any thread may call {@link #setRate}.
 */
public final class PacedSchedule {
    private volatile double pendingRate;
    /** When the pending rate was set: the new schedule runs from then, even for a sender busy at the time. */
    private volatile long changedAtNanos;
    private volatile boolean rateChanged;
    private double intervalNanos;
    private long startNanos;
    private long sent;

    public PacedSchedule(double messagesPerSecond) {
        setRate(messagesPerSecond);
    }

    /**
     * Takes effect from now on, without a burst to make up for the old rate: a sender behind its
     * schedule is let off what was due before, and owes what falls due from now, even while it is
     * still busy in a driver call (that wait is the new rate's publish delay). The coordinator
     * relies on it to start a measured phase on a fresh schedule.
     */
    public void setRate(double messagesPerSecond) {
        pendingRate = messagesPerSecond;
        changedAtNanos = System.nanoTime();
        rateChanged = true; // last: the sender reads it first, then the two fields above
    }

    public double rate() {
        return pendingRate;
    }

    /**
     * Waits until the next message is due and returns its intended send time (a {@link
     * System#nanoTime()} value). Returns at once when the sender is behind schedule. A rate of 0
     * pauses the sender; the caller's {@code stop} check still runs every few milliseconds.
     *
     * @return the intended time, or {@code Long.MIN_VALUE} when paused (send nothing)
     */
    public long awaitNext() {
        return awaitNext(1);
    }

    /**
     * Like {@link #awaitNext()}, for a batch: waits until the first of {@code count} messages is
     * due and reserves all of them, so a batch keeps the average rate.
     */
    public long awaitNext(int count) {
        return awaitNext(count, System.nanoTime());
    }

    /**
     * Like {@link #awaitNext(int)}, given a {@link System#nanoTime()} reading the caller made
     * earlier (its last send's): the clock has passed it, so a message due by then is due now
     * without another reading. A sender behind its schedule then reads the clock once a message,
     * at the send, instead of twice (each reading costs tens of ns on a virtual machine).
     */
    public long awaitNext(int count, long clockReachedNanos) {
        if (rateChanged) {
            reanchor();
        }
        if (intervalNanos == 0) {
            LockSupport.parkNanos(5_000_000);
            return Long.MIN_VALUE;
        }
        long intended = startNanos + (long) (sent * intervalNanos);
        if (intended - clockReachedNanos > 0 && waitUntil(intended)) {
            return Long.MIN_VALUE;
        }
        sent += count;
        return intended;
    }

    /** Parks until {@code intended} if it lies ahead; true if it still does (a slice ended first: call again). */
    private static boolean waitUntil(long intended) {
        long wait = intended - System.nanoTime();
        if (wait > 0) {
            // Park in slices so that a new rate takes effect promptly even at 1 msg/s.
            LockSupport.parkNanos(Math.min(wait, 50_000_000));
            return intended - System.nanoTime() > 0;
        }
        return false;
    }

    private void reanchor() {
        rateChanged = false;
        double rate = pendingRate;
        long changedAt = changedAtNanos;
        // Continue from the next intended time if we were on schedule, else from the change: never
        // send what was due before it. (A new or paused schedule starts at the change.)
        long next = intervalNanos == 0 ? changedAt : startNanos + (long) (sent * intervalNanos);
        startNanos = Math.max(changedAt, next);
        sent = 0;
        intervalNanos = rate <= 0 ? 0 : 1e9 / rate;
    }
}
