package io.mqbench.worker.commands;

import io.mqbench.stats.LatencyMetric;
import org.HdrHistogram.Histogram;

/** Every latency a worker recorded since stats were last reset (OMB's {@code /cumulative-latencies}). */
public class CumulativeLatencies {
    public Histogram publishLatency = new Histogram(LatencyMetric.SIGNIFICANT_DIGITS);
    public Histogram publishDelayLatency = new Histogram(LatencyMetric.SIGNIFICANT_DIGITS);
    public Histogram endToEndLatency = new Histogram(LatencyMetric.SIGNIFICANT_DIGITS);

    /** mqbench: end-to-end values that came out negative (clock skew) and were recorded as 0. */
    public long negativeEndToEndLatencies;

    public CumulativeLatencies plus(CumulativeLatencies other) {
        CumulativeLatencies sum = new CumulativeLatencies();
        sum.publishLatency.add(publishLatency);
        sum.publishLatency.add(other.publishLatency);
        sum.publishDelayLatency.add(publishDelayLatency);
        sum.publishDelayLatency.add(other.publishDelayLatency);
        sum.endToEndLatency.add(endToEndLatency);
        sum.endToEndLatency.add(other.endToEndLatency);
        sum.negativeEndToEndLatencies = negativeEndToEndLatencies + other.negativeEndToEndLatencies;
        return sum;
    }
}
