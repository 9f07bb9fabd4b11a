package io.mqbench.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * mqbench's {@code maxRateLatencyLimit}: with {@code producerRate: 0}, find the highest rate whose
 * latency at a percentile stays within a limit, rather than the highest rate the broker absorbs.
 *
 * <pre>
 * maxRateLatencyLimit: {percentile: 99, endToEndMs: 10}    # or publishMs: 5
 * </pre>
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class LatencyLimit {
    /** Which percentile must stay within the limit; 99 unless given. */
    public Double percentile = 99.0;

    /** The limit on end-to-end latency (send to receipt), in milliseconds. */
    public Double endToEndMs;

    /** The limit on publish latency (send to the broker's acknowledgement), in milliseconds. */
    public Double publishMs;

    @JsonIgnore
    public boolean onEndToEnd() {
        return endToEndMs != null;
    }

    @JsonIgnore
    public double limitMillis() {
        return onEndToEnd() ? endToEndMs : publishMs;
    }

    /** The percentile of the limited latency in milliseconds, or NaN when nothing was recorded. */
    public double valueMillis(Histogram publishMicros, Histogram endToEndMicros) {
        Histogram h = onEndToEnd() ? endToEndMicros : publishMicros;
        return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1000.0;
    }

    /** {@code p99 end-to-end <= 10 ms} */
    public String describe() {
        return String.format(Locale.ROOT, "p%s %s <= %s ms", number(percentile), onEndToEnd() ? "end-to-end" : "publish",
                number(limitMillis()));
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
