package io.mqbench.stats;

import java.time.Instant;

/**
 * Epoch time in microseconds that never jumps: read once from the wall clock when the process
 * starts, then advanced by the monotonic {@link System#nanoTime()}. Producer and consumer in one
 * process therefore measure end-to-end latency on one steady clock; across hosts the value stays
 * comparable with other hosts' epoch time (to within their clock offset, which the coordinator
 * estimates separately).
 */
public final class MicrosClock {
    /** Epoch microseconds minus monotonic microseconds, read once. */
    private static final long EPOCH_MINUS_MONOTONIC_MICROS = wallMinusMonotonicMicros();

    private MicrosClock() {}

    public static long nowMicros() {
        return microsAt(System.nanoTime());
    }

    /** The epoch microseconds of a {@link System#nanoTime()} reading taken in this process. */
    public static long microsAt(long nanoTime) {
        return nanoTime / 1_000 + EPOCH_MINUS_MONOTONIC_MICROS;
    }

    /**
     * How far the wall clock is ahead of the monotonic clock now, in microseconds: what this class
     * anchors to once, and what changes when the wall clock is stepped.
     */
    public static long wallMinusMonotonicMicros() {
        // The two clocks are read one after the other; a thread preempted in between would be
        // milliseconds off, which would show up as clock offset between hosts. So: several tries,
        // keeping the one read in the least time.
        long bestGap = Long.MAX_VALUE;
        long difference = 0;
        for (int i = 0; i < 50; i++) {
            long before = System.nanoTime();
            Instant now = Instant.now();
            long after = System.nanoTime();
            if (after - before < bestGap) {
                bestGap = after - before;
                difference = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000 - (before + (after - before) / 2) / 1_000;
            }
        }
        return difference;
    }
}
