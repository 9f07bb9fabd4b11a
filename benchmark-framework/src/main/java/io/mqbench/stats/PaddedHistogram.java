package io.mqbench.stats;

import org.HdrHistogram.Histogram;

/**
 * A histogram that one thread records into on every message, with 128 bytes after its fields: its
 * count is its last field but two, so without them the next object in memory (another thread's, if
 * the collector put it there) shared that cache line (see {@code CacheLinePadding} in
 * driver-support). Before the count come 160 bytes of the histogram's own settings.
 */
@SuppressWarnings("unused")
final class PaddedHistogram extends Histogram {
    private long t00, t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15;

    PaddedHistogram(int significantDigits) {
        super(significantDigits);
    }
}
