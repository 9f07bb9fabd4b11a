package io.mqbench.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One latency series (publish, publish delay or end-to-end), in microseconds.
 *
 * <p>Threads record into an HdrHistogram {@link Recorder}, which is safe for many writers and never
 * blocks them. Every read first moves what was recorded into two histograms: the current period
 * (taken and emptied every live-line period) and the cumulative one (emptied by {@link #reset()}).
 * Each value is therefore recorded once, and periods and totals always agree.
 *
 * <p>The histograms resize themselves, so a latency far beyond expectations is recorded, never
 * dropped and never an exception. Negative values (clock skew between hosts) are recorded as 0 and
 * counted, so the result can say how many there were.
 */
public final class LatencyMetric {
    /** Three digits keep 0.1 % precision at any magnitude at a few KB per histogram. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram period = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram cumulative = new Histogram(SIGNIFICANT_DIGITS);
    private final LongAdder negativeValues = new LongAdder();
    private Histogram recycled;

    public void record(long micros) {
        if (micros < 0) {
            negativeValues.increment();
            micros = 0;
        }
        recorder.recordValue(micros);
    }

    /** The values recorded since the previous call, as a new histogram. */
    public synchronized Histogram takePeriod() {
        drainRecorder();
        Histogram copy = period.copy();
        period.reset();
        return copy;
    }

    /** Everything recorded since the last {@link #reset()}. */
    public synchronized Histogram cumulative() {
        drainRecorder();
        return cumulative.copy();
    }

    public synchronized void reset() {
        drainRecorder();
        period.reset();
        cumulative.reset();
        negativeValues.reset();
    }

    public long negativeValues() {
        return negativeValues.sum();
    }

    private void drainRecorder() {
        recycled = recorder.getIntervalHistogram(recycled);
        period.add(recycled);
        cumulative.add(recycled);
    }
}
