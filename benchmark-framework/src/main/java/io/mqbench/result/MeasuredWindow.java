package io.mqbench.result;

import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.HistogramCodec;
import io.mqbench.stats.PeriodStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The measured window summed from its periods: the counts and bytes, and the merged histograms.
 * Summed from the periods rather than asked of the workers afterwards (as OMB does), the histograms
 * hold exactly the messages the summary counts: nothing recorded after the last period slips in.
 */
final class MeasuredWindow {
    /** Percentile iteration resolution of the quantile maps (OMB uses the same ticks). */
    private static final int PERCENTILE_TICKS_PER_HALF_DISTANCE = 100;

    private long sent;
    private long received;
    private long errors;
    private long bytesSent;
    private long bytesReceived;
    private final CumulativeLatencies latencies = new CumulativeLatencies();

    void add(PeriodStats period) {
        sent += period.messagesSent;
        received += period.messagesReceived;
        errors += period.messageSendErrors;
        bytesSent += period.bytesSent;
        bytesReceived += period.bytesReceived;
        latencies.add(period.publishLatency, period.publishDelayLatency, period.endToEndLatency);
    }

    CumulativeLatencies latencies() {
        return latencies;
    }

    /** Writes the aggregated latencies, the quantile maps and the encoded histograms (OMB's units: ms, delay in µs). */
    void aggregateInto(TestResult result) {
        Histogram publish = latencies.publishLatency;
        Histogram delay = latencies.publishDelayLatency;
        Histogram e2e = latencies.endToEndLatency;
        LatencyFields.aggregate(result, LatencyFields.Latency.PUBLISH, publish);
        LatencyFields.aggregate(result, LatencyFields.Latency.PUBLISH_DELAY, delay);
        LatencyFields.aggregate(result, LatencyFields.Latency.END_TO_END, e2e);

        result.aggregatedPublishLatencyQuantiles.clear();
        result.aggregatedPublishDelayLatencyQuantiles.clear();
        result.aggregatedEndToEndLatencyQuantiles.clear();
        percentiles(publish).forEach((q, v) -> result.aggregatedPublishLatencyQuantiles.put(q, ResultAssembler.millis(v)));
        percentiles(delay).forEach(result.aggregatedPublishDelayLatencyQuantiles::put);
        percentiles(e2e).forEach((q, v) -> result.aggregatedEndToEndLatencyQuantiles.put(q, ResultAssembler.millis(v)));

        Map<String, String> encoded = new LinkedHashMap<>();
        encoded.put("unit", "microseconds");
        encoded.put("publishLatency", HistogramCodec.encode(publish));
        encoded.put("publishDelayLatency", HistogramCodec.encode(delay));
        encoded.put("endToEndLatency", HistogramCodec.encode(e2e));
        result.histograms = encoded;
    }

    /**
     * Means over the window (total / time) and the spread of the periods' rates.
     *
     * @param seconds the window's length, the sum of its periods
     */
    TestResult.Summary summary(double seconds, List<Double> publishRates, List<Double> consumeRates) {
        TestResult.Summary summary = new TestResult.Summary();
        summary.measuredSeconds = seconds;
        summary.messagesSent = sent;
        summary.messagesReceived = received;
        summary.sendErrors = errors;
        summary.publishRate = spread(publishRates, sent, seconds);
        summary.consumeRate = spread(consumeRates, received, seconds);
        summary.publishThroughputMBps = seconds > 0 ? bytesSent / ResultAssembler.MB / seconds : 0;
        summary.consumeThroughputMBps = seconds > 0 ? bytesReceived / ResultAssembler.MB / seconds : 0;
        return summary;
    }

    private static TestResult.Spread spread(List<Double> rates, long total, double seconds) {
        TestResult.Spread spread = new TestResult.Spread();
        spread.mean = seconds > 0 ? total / seconds : 0;
        if (!rates.isEmpty()) {
            double sum = 0;
            double squares = 0;
            spread.min = Double.MAX_VALUE;
            spread.max = 0;
            for (double rate : rates) {
                sum += rate;
                squares += rate * rate;
                spread.min = Math.min(spread.min, rate);
                spread.max = Math.max(spread.max, rate);
            }
            double mean = sum / rates.size();
            spread.stddev = Math.sqrt(Math.max(0, squares / rates.size() - mean * mean));
        }
        return spread;
    }

    private static Map<Double, Long> percentiles(Histogram histogram) {
        Map<Double, Long> values = new LinkedHashMap<>();
        if (histogram.getTotalCount() == 0) {
            return values;
        }
        for (HistogramIterationValue value : histogram.percentiles(PERCENTILE_TICKS_PER_HALF_DISTANCE)) {
            values.put(value.getPercentile(), value.getValueIteratedTo());
        }
        return values;
    }
}
