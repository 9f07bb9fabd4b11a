package io.mqbench.driver.loopback;

/**
 * The {@code ackLag} setting: once, {@code afterMs} after the first send and for {@code forMs},
 * every send is taken at once but acknowledged {@code lagMs} late; when the stretch ends, every
 * late acknowledgement comes at once. A broker whose answers fall seconds behind its intake, then
 * catch up: the acknowledgements keep coming meanwhile, each one late.
 */
final class AckLag {
    /** {@code {afterMs: 300, forMs: 3000, lagMs: 1500}} */
    public static final class Settings extends StallWindow.Settings {
        public long lagMs;
    }

    private final StallWindow window;
    private final long lagNanos;

    AckLag(Settings settings) {
        this.window = new StallWindow(settings);
        this.lagNanos = settings == null ? 0 : settings.lagMs * 1_000_000;
    }

    /** A producer sends at {@code now}: the first such call starts the clock. */
    void sent(long now) {
        window.sent(now);
    }

    /** The earliest a send made at {@code now} is acknowledged: {@code now}, or later inside the stretch. */
    long notBefore(long now) {
        if (lagNanos == 0 || !window.holding(now)) {
            return now;
        }
        long lagged = now + lagNanos;
        long end = window.endNanos();
        return lagged - end < 0 ? lagged : end;
    }
}
