package io.mqbench.driver.rabbitmq;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs reconnect attempts on the driver's one background thread, each after the configured
 * interval, so that a broker that is down costs neither the sender threads nor the client's
 * connection threads any waiting.
 */
final class Reconnects {
    private final ScheduledExecutorService scheduler;
    private final long intervalMillis;

    Reconnects(ScheduledExecutorService scheduler, long intervalMillis) {
        this.scheduler = scheduler;
        this.intervalMillis = intervalMillis;
    }

    long intervalMillis() {
        return intervalMillis;
    }

    /** Runs {@code attempt} after the interval; does nothing once the driver is closing. */
    void schedule(Runnable attempt) {
        try {
            scheduler.schedule(attempt, intervalMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // The driver is closing: nothing to reconnect for.
        }
    }
}
