package io.mqbench.driver.loopback;

/**
 * A consumer's processing capacity: after each message it is busy for the message's service time.
 * A token bucket with a few milliseconds of burst, so that a consumer thread woken late (timer
 * resolution, a busy machine) catches up on the time it overslept instead of losing that capacity,
 * but one that was idle or paused does not race through a backlog at unlimited speed.
 */
final class ConsumerPace {
    /** Catch-up allowed after a late wake-up. */
    private static final long BURST_NANOS = 5_000_000;

    private final ServiceRate rate;
    private boolean started;
    private long readyAtNanos;

    ConsumerPace(ServiceRate rate) {
        this.rate = rate;
    }

    boolean ready(long nowNanos) {
        return !started || nowNanos - readyAtNanos >= 0;
    }

    /** When the next message may be processed. */
    long readyAt() {
        return readyAtNanos;
    }

    /** The consumer processed a message of {@code bytes} at {@code nowNanos}. */
    void took(long nowNanos, int bytes) {
        long from = !started || readyAtNanos - (nowNanos - BURST_NANOS) < 0 ? nowNanos - BURST_NANOS : readyAtNanos;
        started = true;
        readyAtNanos = from + rate.serviceNanos(bytes);
    }
}
