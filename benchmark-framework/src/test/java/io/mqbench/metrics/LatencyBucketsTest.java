package io.mqbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.stats.WorkerStats;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Microsecond HdrHistograms become second-based Prometheus buckets, counted at the right bounds. */
class LatencyBucketsTest {

    @Test
    void valuesLandInTheBucketsOfTheirSecondsAndTheSumIsInSeconds() {
        Histogram micros = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
        micros.recordValueWithCount(30, 2); // 30 µs: the first bucket (50 µs)
        micros.recordValue(50); // exactly on the first bound: le is "less or equal"
        micros.recordValue(2_500); // exactly 2.5 ms, a round value HdrHistogram holds exactly
        micros.recordValue(700_000); // 0.7 s: le=1
        micros.recordValue(90_000_000); // 90 s: beyond 60 s, only in +Inf

        HistogramDataPointSnapshot point = LatencyBuckets.dataPoint(micros, Labels.EMPTY);

        ClassicHistogramBuckets buckets = point.getClassicBuckets();
        assertEquals(3, countAt(buckets, 0.00005));
        assertEquals(3, countAt(buckets, 0.001));
        assertEquals(4, countAt(buckets, 0.0025));
        assertEquals(4, countAt(buckets, 0.5));
        assertEquals(5, countAt(buckets, 1));
        assertEquals(5, countAt(buckets, 60));
        assertEquals(6, countAt(buckets, Double.POSITIVE_INFINITY));
        assertEquals(6, point.getCount());
        double expectedSeconds = (30 * 2 + 50 + 2_500 + 700_000 + 90_000_000) / 1e6;
        assertEquals(expectedSeconds, point.getSum(), expectedSeconds * 0.001, "the sum in seconds, to HdrHistogram's precision");
    }

    @Test
    void anEmptyHistogramHasEveryBucketAtZero() {
        HistogramDataPointSnapshot point = LatencyBuckets.dataPoint(new Histogram(3), Labels.EMPTY);
        assertEquals(LatencyBuckets.BOUNDS_SECONDS.length, point.getClassicBuckets().size());
        assertEquals(0, point.getCount());
        assertEquals(0, point.getSum());
    }

    /** Prometheus' le= count: client_java's model holds each bucket's own count. */
    private static long countAt(ClassicHistogramBuckets buckets, double bound) {
        long cumulative = 0;
        for (int i = 0; i < buckets.size(); i++) {
            cumulative += buckets.getCount(i);
            if (buckets.getUpperBound(i) == bound) {
                return cumulative;
            }
        }
        throw new AssertionError("no bucket " + bound);
    }
}
