package io.mqbench.stats;

import io.mqbench.bench.Latencies;
import io.mqbench.bench.PerMessageBenchmark;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * HdrHistogram's histogram kinds recording the same latencies, one and two threads at once: the
 * choice behind the worker's period histograms. Shared histograms must be concurrent or atomic
 * ones; PeriodRecorder gives each recording thread plain ones of its own instead (the "own"
 * benchmarks here), the floor.
 */
public class HistogramRecordingBenchmark extends PerMessageBenchmark {
    @State(Scope.Benchmark)
    public static class Histograms {
        @Param({"concurrent", "atomic"})
        String kind;

        AbstractHistogram histogram;

        @Setup
        public void create() {
            histogram = switch (kind) {
                case "concurrent" -> new ConcurrentHistogram(WorkerStats.SIGNIFICANT_DIGITS);
                case "atomic" -> new AtomicHistogram(PeriodRecorder.HIGHEST_MICROS, WorkerStats.SIGNIFICANT_DIGITS);
                default -> throw new IllegalArgumentException(kind);
            };
        }
    }

    /** Each thread's own plain histogram: the floor, with nothing shared. */
    @State(Scope.Thread)
    public static class Own {
        final Histogram histogram = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
    }

    @Benchmark
    public void shared(Histograms histograms, Latencies latencies) {
        histograms.histogram.recordValue(latencies.next());
    }

    @Benchmark
    @Threads(2)
    public void sharedByTwoThreads(Histograms histograms, Latencies latencies) {
        histograms.histogram.recordValue(latencies.next());
    }

    @Benchmark
    public void ownPlain(Own own, Latencies latencies) {
        own.histogram.recordValue(latencies.next());
    }
}
