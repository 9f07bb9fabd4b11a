package io.mqbench.driver.loopback;

import java.util.concurrent.locks.LockSupport;

/**
 * The {@code sendStall} setting: once, a while after the first send, every producer's sends wait
 * (as if the broker stopped taking them), then go on. The harness must catch up on its schedule,
 * so the stall shows as publish delay while the rate over the run stays the one asked for.
 */
final class SendStall {
    /** {@code {afterMs: 2000, forMs: 1000}} */
    public static final class Settings {
        public long afterMs;
        public long forMs;
    }

    private final long afterNanos;
    private final long forNanos;
    private volatile long firstSend;

    SendStall(Settings settings) {
        this.afterNanos = settings == null ? 0 : settings.afterMs * 1_000_000;
        this.forNanos = settings == null ? 0 : settings.forMs * 1_000_000;
    }

    /** Waits while the stall lasts. */
    void await() {
        if (forNanos == 0) {
            return;
        }
        long now = System.nanoTime();
        if (firstSend == 0) {
            synchronized (this) {
                if (firstSend == 0) {
                    firstSend = now;
                }
            }
        }
        long stallEnd = firstSend + afterNanos + forNanos;
        while (now - (firstSend + afterNanos) >= 0 && now - stallEnd < 0) {
            LockSupport.parkNanos(stallEnd - now);
            now = System.nanoTime();
        }
    }
}
