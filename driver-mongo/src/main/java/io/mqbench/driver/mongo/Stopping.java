package io.mqbench.driver.mongo;

import java.util.concurrent.TimeUnit;

/** Ending the driver's own threads within a deadline shared by all of them. */
final class Stopping {
    /**
     * How long a producer's or consumer's close() lets its thread finish its current call. At
     * close the harness has already waited for every send, so a healthy server needs
     * milliseconds; against an unreachable one waiting longer only delays the end of the run.
     */
    private static final long CLOSE_GRACE_MILLIS = 1_000;
    /** After the interrupt, how long a thread gets to leave the client call it was in. */
    private static final long AFTER_INTERRUPT_MILLIS = 2_000;

    private Stopping() {}

    /** The deadline for closing one producer or consumer on its own, from now. */
    static long graceDeadline() {
        return deadlineAfter(CLOSE_GRACE_MILLIS);
    }

    /** A deadline {@code millis} from now, on {@link System#nanoTime()}'s clock. */
    static long deadlineAfter(long millis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

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
