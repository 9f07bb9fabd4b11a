package io.mqbench.driver.mongo;

import java.util.concurrent.TimeUnit;

/** Ending the driver's own threads within a deadline shared by all of them. */
final class Stopping {
    /** After the interrupt, how long a thread gets to leave the client call it was in. */
    private static final long AFTER_INTERRUPT_MILLIS = 2_000;

    private Stopping() {}

    /**
     * Waits for {@code thread} until {@code deadlineNanos}; if it still runs, interrupts it (which
     * ends a wait inside the MongoDB client) and waits a little more.
     */
    static void join(Thread thread, long deadlineNanos) {
        try {
            long left = deadlineNanos - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(thread, left);
            }
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(AFTER_INTERRUPT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
