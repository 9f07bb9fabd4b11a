package io.mqbench.driver.loopback;

/**
 * A stretch of time that begins {@code afterMs} after the first send (probes included) and lasts
 * {@code forMs}, once: the shape of {@code sendStall} (sends wait), {@code deliveryStall}
 * (deliveries wait) and {@code ackLag} (acknowledgements late). Disabled when no settings are given
 * or {@code forMs} is 0.
 */
final class StallWindow {
    /** {@code {afterMs: 2000, forMs: 1000}} */
    public static class Settings {
        public long afterMs;
        public long forMs;
    }

    private final long afterNanos;
    private final long forNanos;
    private volatile long firstSend;

    StallWindow(Settings settings) {
        this.afterNanos = settings == null ? 0 : settings.afterMs * 1_000_000;
        this.forNanos = settings == null ? 0 : settings.forMs * 1_000_000;
    }

    boolean enabled() {
        return forNanos != 0;
    }

    /** A producer sends at {@code now}: the first such call starts the clock. */
    void sent(long now) {
        if (forNanos != 0 && firstSend == 0) {
            synchronized (this) {
                if (firstSend == 0) {
                    firstSend = now;
                }
            }
        }
    }

    /** Whether {@code now} lies inside the window. */
    boolean holding(long now) {
        long first = firstSend;
        if (forNanos == 0 || first == 0) {
            return false;
        }
        long start = first + afterNanos;
        return now - start >= 0 && now - (start + forNanos) < 0;
    }

    /** When the window ends (meaningful once a send was noted). */
    long endNanos() {
        return firstSend + afterNanos + forNanos;
    }
}
