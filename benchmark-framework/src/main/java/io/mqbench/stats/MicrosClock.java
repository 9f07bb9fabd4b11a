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
        Instant now = Instant.now();
        ANCHOR_NANOS = System.nanoTime();
        ANCHOR_EPOCH_MICROS = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }

    private MicrosClock() {}

    public static long nowMicros() {
        return ANCHOR_EPOCH_MICROS + (System.nanoTime() - ANCHOR_NANOS) / 1_000;
    }
}
