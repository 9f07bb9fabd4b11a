package io.mqbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.stats.PeriodStats;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The measured phase second by second, beside OMB's 10-s periods: what a short run, a stall or a
 * fault looks like needs finer time than a period (a 30-s run has three periods; a 2-s broker
 * pause vanishes into one). Columns, one entry per sample, in OMB's units: rates in messages/s,
 * publish and end-to-end latency in milliseconds, publish delay in microseconds. A latency is
 * null for a second without a message of its kind.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class SecondSamples {
    /**
     * Seconds into the measured phase at the end of each sample (samples last about a second), to
     * the microsecond: a sample's count is its rate times the time since the previous end, and
     * ends rounded to the millisecond made that a few messages off wherever the rate changed.
     */
    public List<Double> second = new ArrayList<>();
    public List<Double> publishRate = new ArrayList<>();
    public List<Double> consumeRate = new ArrayList<>();
    public List<Double> publishErrorRate = new ArrayList<>();
    public List<Long> backlog = new ArrayList<>();
    public List<Double> publishLatency50pct = new ArrayList<>();
    public List<Double> publishLatency99pct = new ArrayList<>();
    public List<Double> publishLatencyMax = new ArrayList<>();
    public List<Long> publishDelayLatency99pct = new ArrayList<>();
    public List<Long> publishDelayLatencyMax = new ArrayList<>();
    public List<Double> endToEndLatency50pct = new ArrayList<>();
    public List<Double> endToEndLatency99pct = new ArrayList<>();
    public List<Double> endToEndLatencyMax = new ArrayList<>();

    /** Adds the sample that ended {@code endSecond} into the phase and lasted {@code seconds}. */
    void add(PeriodStats stats, double seconds, double endSecond, long backlogNow) {
        second.add(Math.round(endSecond * 1_000_000) / 1_000_000.0);
        publishRate.add(stats.messagesSent / seconds);
        consumeRate.add(stats.messagesReceived / seconds);
        publishErrorRate.add(stats.messageSendErrors / seconds);
        backlog.add(backlogNow);
        publishLatency50pct.add(millis(stats.publishLatency, 50));
        publishLatency99pct.add(millis(stats.publishLatency, 99));
        publishLatencyMax.add(millis(stats.publishLatency, 100));
        boolean delays = stats.publishDelayLatency.getTotalCount() > 0;
        publishDelayLatency99pct.add(delays ? stats.publishDelayLatency.getValueAtPercentile(99) : null);
        publishDelayLatencyMax.add(delays ? stats.publishDelayLatency.getMaxValue() : null);
        endToEndLatency50pct.add(millis(stats.endToEndLatency, 50));
        endToEndLatency99pct.add(millis(stats.endToEndLatency, 99));
        endToEndLatencyMax.add(millis(stats.endToEndLatency, 100));
    }

    private static Double millis(Histogram micros, double percentile) {
        if (micros.getTotalCount() == 0) {
            return null;
        }
        return ResultAssembler.millis(percentile >= 100 ? micros.getMaxValue() : micros.getValueAtPercentile(percentile));
    }
}
