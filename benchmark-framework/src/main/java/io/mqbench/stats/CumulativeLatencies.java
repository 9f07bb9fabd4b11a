package io.mqbench.stats;

import org.HdrHistogram.Histogram;

/** Every latency a worker recorded since stats were last reset (OMB's {@code /cumulative-latencies}). */
public class CumulativeLatencies {
    public Histogram publishLatency = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
    public Histogram publishDelayLatency = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
    public Histogram endToEndLatency = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);

    /** mqbench: end-to-end values that came out negative (clock skew) and were recorded as 0. */
    public long negativeEndToEndLatencies;

    /** Adds one period's histograms (a period's latencies are part of the cumulative ones). */
    public void add(Histogram publish, Histogram publishDelay, Histogram endToEnd) {
        publishLatency.add(publish);
        publishDelayLatency.add(publishDelay);
        endToEndLatency.add(endToEnd);
    }

    public CumulativeLatencies plus(CumulativeLatencies other) {
        CumulativeLatencies sum = new CumulativeLatencies();
        sum.add(publishLatency, publishDelayLatency, endToEndLatency);
        sum.add(other.publishLatency, other.publishDelayLatency, other.endToEndLatency);
        sum.negativeEndToEndLatencies = negativeEndToEndLatencies + other.negativeEndToEndLatencies;
        return sum;
    }
}
