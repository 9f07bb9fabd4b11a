package io.mqbench.driver.support;

import org.slf4j.Logger;

/** Closing a driver's clients at the end, where one that fails to close must not stop the others. */
public final class Closing {
    private Closing() {}

    /** Closes {@code client} (null is fine); a failure is logged, an interrupt kept for the caller. */
    public static void quietly(AutoCloseable client, Logger log) {
        if (client == null) {
            return;
        }
        try {
            client.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            log.warn("closing {}: {}", client.getClass().getSimpleName(), e.toString());
        }
    }
}
