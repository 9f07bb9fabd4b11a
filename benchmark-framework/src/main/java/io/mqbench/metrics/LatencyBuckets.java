package io.mqbench.metrics;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Turns a latency HdrHistogram in microseconds into a Prometheus classic histogram in seconds.
 *
 * <p>Done at scrape time from the histograms the worker already keeps, instead of a second
 * per-message call into a client_java histogram: the send and receive paths then cost what they
 * cost before (one atomic increment per series), whatever is scraping.
 */
final class LatencyBuckets {
    /**
     * Upper bounds in seconds, from 50 µs (a fast in-memory broker) to 60 s (a backlog drained
     * late); roughly 1-2.5-5 per decade, so {@code histogram_quantile} interpolates within a
     * factor of 2.5.
     */
    static final double[] BOUNDS_SECONDS = {
        0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
        0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, Double.POSITIVE_INFINITY,
    };
    private static final double MICROS_PER_SECOND = 1_000_000.0;

    private LatencyBuckets() {}

    /**
     * One data point: the buckets' counts (the +Inf one holds what exceeds 60 s) and the sum.
     * Each recorded value counts at the low end of its HdrHistogram bucket, so a value the
     * histogram holds exactly (every value below 2048 µs, and round ones above) lands exactly;
     * others may land on either side of a bound within the histogram's precision (0.1 %). The
     * sum is HdrHistogram's (mean times count), to the same precision.
     */
    static HistogramDataPointSnapshot dataPoint(Histogram micros, Labels labels) {
        long[] perBucket = new long[BOUNDS_SECONDS.length];
        double sumMicros = 0;
        for (HistogramIterationValue value : micros.recordedValues()) {
            long count = value.getCountAtValueIteratedTo();
            perBucket[bucketOf(micros.lowestEquivalentValue(value.getValueIteratedTo()))] += count;
            sumMicros += (double) micros.medianEquivalentValue(value.getValueIteratedTo()) * count;
        }
        // client_java's model holds each bucket's own count; its writers add them up into le= counts.
        return HistogramDataPointSnapshot.builder()
                .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS_SECONDS, perBucket))
                .sum(sumMicros / MICROS_PER_SECOND)
                .labels(labels)
                .build();
    }

    private static int bucketOf(long micros) {
        double seconds = micros / MICROS_PER_SECOND;
        int i = 0;
        while (seconds > BOUNDS_SECONDS[i]) {
            i++;
        }
        return i;
    }
}
