package io.mqbench.driver.loopback;

import java.util.concurrent.locks.LockSupport;

/**
 * The {@code sendStall} setting: once, a while after the first send, every producer's sends wait
 * (as if the broker stopped taking them), then go on. The harness must catch up on its schedule,
 * so the stall shows as publish delay while the rate over the run stays the one asked for.
 */
final class SendStall {
    private final StallWindow window;

    SendStall(StallWindow.Settings settings) {
        this.window = new StallWindow(settings);
    }

    /** Waits while the stall lasts. */
    void await() {
        if (!window.enabled()) {
            return;
        }
        long now = System.nanoTime();
        window.sent(now);
        while (window.holding(now)) {
            LockSupport.parkNanos(window.endNanos() - now);
            now = System.nanoTime();
        }
    }
}
