package io.mqbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyMetricTest {
    @Test
    void periodsAndCumulativeAgreeAndResetEmptiesBoth() {
        LatencyMetric metric = new LatencyMetric();
        metric.record(100);
        metric.record(200);
        assertEquals(2, metric.takePeriod().getTotalCount());
        metric.record(300);
        assertEquals(1, metric.takePeriod().getTotalCount(), "a period holds only what came after the last one");
        assertEquals(3, metric.cumulative().getTotalCount(), "cumulative holds all of them");
        metric.record(400);
        assertEquals(4, metric.cumulative().getTotalCount());
        assertEquals(1, metric.takePeriod().getTotalCount(), "reading cumulative does not steal from the period");
        metric.reset();
        assertEquals(0, metric.cumulative().getTotalCount());
        assertEquals(0, metric.takePeriod().getTotalCount());
    }

    @Test
    void hugeValuesAreRecordedAndNegativeOnesCounted() {
        LatencyMetric metric = new LatencyMetric();
        metric.record(3_600_000_000_000L); // 42 days in microseconds: never an exception
        metric.record(-5);
        Histogram h = metric.cumulative();
        assertEquals(2, h.getTotalCount());
        assertTrue(h.getMaxValue() >= 3_599_000_000_000L, "max " + h.getMaxValue());
        assertEquals(0, h.getMinValue());
        assertEquals(1, metric.negativeValues());
    }

    @Test
    void precisionIsThreeDigits() {
        LatencyMetric metric = new LatencyMetric();
        for (int i = 0; i < 1000; i++) {
            metric.record(5_000);
        }
        long p50 = metric.cumulative().getValueAtPercentile(50);
        assertTrue(Math.abs(p50 - 5_000) <= 5, "p50 " + p50);
    }

    @Test
    void histogramsSurviveEncoding() {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(i);
        }
        Histogram decoded = HistogramCodec.decode(HistogramCodec.encode(h));
        assertEquals(h.getTotalCount(), decoded.getTotalCount());
        assertEquals(h.getValueAtPercentile(99), decoded.getValueAtPercentile(99));
        assertEquals(h, decoded);
    }
}
