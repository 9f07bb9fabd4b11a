package io.mqbench.coordinator;

import io.mqbench.stats.CountersStats;
import io.mqbench.stats.PeriodStats;
import java.io.IOException;

/**
 * One of the things that follow a running load: the result's samples and periods, the client's
 * CPU, the live line, a measured phase's counters. {@link LoadMonitor} reads the workers once a
 * second and hands what it read to every listener in turn; no listener reads the workers' statistics
 * itself (a read empties them, so two readers would split each second between them).
 */
interface LoadListener {

    /** The load is running and its first second starts at {@code nanoTime}. */
    default void started(long nanoTime) throws IOException {
    }

    /**
     * The statistics of the second that just ended at {@code endNanos}; {@code seconds} is its
     * length and {@code sincePhaseStart} the time from the phase's start to its end.
     */
    default void second(PeriodStats second, long endNanos, double seconds, double sincePhaseStart) {
    }

    /** The workers' counters, read just after the second that ended at {@code nanoTime}. */
    default void counters(CountersStats counters, long nanoTime) {
    }

    /** A period closed (ten seconds, or a shorter last one): its seconds merged. */
    default void period(MergedSeconds period, String progress) throws IOException {
    }

    /** Everything of this second has been handed over; {@code last} when the phase ends with it. */
    default void tickEnded(String progress, boolean last) {
    }
}
