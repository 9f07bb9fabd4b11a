package io.mqbench.driver.loopback;

/**
 * The {@code stallAtEndMs} setting: notices when producers stop after a stretch of sending and then
 * holds every consumer's deliveries for a while, once, as a broker does during a rebalance or a
 * reconnect. Probe messages (one now and then) are no stretch of sending; the load is.
 */
final class EndStall {
    /** Sending with no gap longer than this is one stretch. */
    private static final long GAP_NANOS = 200_000_000L;
    /** A stretch must last this long before its end counts as the end of a run. */
    private static final long STRETCH_NANOS = 1_000_000_000L;

    private final long stallNanos;
    private volatile long stretchStart;
    private volatile long lastSend;
    private volatile long stallUntil;
    private volatile boolean done;

    EndStall(long stallMillis) {
        this.stallNanos = stallMillis * 1_000_000;
    }

    /** A producer sent a message at {@code now}. */
    void sent(long now) {
        if (stallNanos == 0) {
            return; // off: no volatile writes on every send (they cost the harness's ceiling)
        }
        long last = lastSend;
        if (last == 0 || now - last > GAP_NANOS) {
            stretchStart = now;
        }
        lastSend = now;
    }

    /** Whether consumers must hold their deliveries at {@code now}. */
    boolean holding(long now) {
        if (stallNanos == 0) {
            return false;
        }
        if (!done) {
            long last = lastSend;
            if (last != 0 && now - last > GAP_NANOS && last - stretchStart >= STRETCH_NANOS) {
                stallUntil = now + stallNanos;
                done = true;
            }
        }
        return done && now - stallUntil < 0;
    }
}
