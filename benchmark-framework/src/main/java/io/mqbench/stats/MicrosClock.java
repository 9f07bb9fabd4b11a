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
    private static final long ANCHOR_NANOS;
    private static final long ANCHOR_EPOCH_MICROS;

    static {
        // The wall clock and the monotonic clock are read one after the other; a thread preempted
        // in between would anchor this process's time milliseconds off, which would show up as
        // clock offset between hosts. So: several tries, keeping the one read in the least time.
        long bestGap = Long.MAX_VALUE;
        long anchorNanos = 0;
        long anchorMicros = 0;
        for (int i = 0; i < 50; i++) {
            long before = System.nanoTime();
            Instant now = Instant.now();
            long after = System.nanoTime();
            if (after - before < bestGap) {
                bestGap = after - before;
                anchorNanos = before + (after - before) / 2;
                anchorMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
            }
        }
        ANCHOR_NANOS = anchorNanos;
        ANCHOR_EPOCH_MICROS = anchorMicros;
    }

    private MicrosClock() {}

    public static long nowMicros() {
        return microsAt(System.nanoTime());
    }

    /** The epoch microseconds of a {@link System#nanoTime()} reading taken in this process. */
    public static long microsAt(long nanoTime) {
        return ANCHOR_EPOCH_MICROS + (nanoTime - ANCHOR_NANOS) / 1_000;
    }
}
