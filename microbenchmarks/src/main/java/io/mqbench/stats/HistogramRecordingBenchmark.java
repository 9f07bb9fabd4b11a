package io.mqbench.stats;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * HdrHistogram's histogram kinds recording the same latencies, one and two threads at once: the
 * choice behind the worker's period histograms (see PeriodRecorder). Plain histograms are not safe
 * for concurrent writers and appear only as the floor.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HistogramRecordingBenchmark {
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

    @State(Scope.Thread)
    public static class Latencies {
        private static final int COUNT = 4096;
        private final long[] micros = new long[COUNT];
        private int next;

        @Setup
        public void draw() {
            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < COUNT; i++) {
                micros[i] = (long) Math.pow(10, 1 + 5 * random.nextDouble());
            }
        }

        long next() {
            next = (next + 1) & (COUNT - 1);
            return micros[next];
        }
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
