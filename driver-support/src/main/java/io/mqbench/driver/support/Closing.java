package io.mqbench.driver.support;

import org.slf4j.Logger;
import org.slf4j.event.Level;

/** Closing a driver's clients at the end, where one that fails to close must not stop the others. */
public final class Closing {
    private Closing() {}

    /** Closes {@code client} (null is fine); a failure is logged, an interrupt kept for the caller. */
    public static void quietly(AutoCloseable client, Logger log) {
        close(client, log, Level.WARN);
    }

    /**
     * Closes {@code client} (null is fine) where a failure is expected and says nothing new: a
     * channel or connection the broker may already have closed, or one given up after an error
     * that was reported. The failure is logged at debug; an interrupt is kept for the caller.
     */
    public static void discard(AutoCloseable client, Logger log) {
        close(client, log, Level.DEBUG);
    }

    private static void close(AutoCloseable client, Logger log, Level level) {
        if (client == null) {
            return;
        }
        try {
            client.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            log.atLevel(level).log("closing {}: {}", client.getClass().getSimpleName(), e.toString());
        }
    }
}
