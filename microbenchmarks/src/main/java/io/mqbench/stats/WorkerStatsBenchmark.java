package io.mqbench.stats;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Recording one message into the worker's period histograms: a send (publish latency, publish
 * delay, bytes) and a receipt (end-to-end latency, bytes), alone and with a sender and a receiver
 * thread recording at once, as in a run. Latencies are drawn from a spread of realistic values
 * (a few microseconds to a second) so that recording touches many histogram buckets.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WorkerStatsBenchmark {
    /** One worker's statistics, shared by every thread of a benchmark as in a worker. */
    @State(Scope.Benchmark)
    public static class Shared {
        final WorkerStats stats = new WorkerStats();
    }

    /** Each thread's own latencies to record. */
    @State(Scope.Thread)
    public static class Latencies {
        private static final int COUNT = 4096;
        private final long[] micros = new long[COUNT];
        private int next;

        @Setup
        public void draw() {
            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < COUNT; i++) {
                // Log-uniform from 10 µs to 1 s.
                micros[i] = (long) Math.pow(10, 1 + 5 * random.nextDouble());
            }
        }

        long next() {
            next = (next + 1) & (COUNT - 1);
            return micros[next];
        }
    }

    @Benchmark
    public void recordSent(Shared shared, Latencies latencies) {
        shared.stats.recordSent(1024, latencies.next(), latencies.next() >> 4);
    }

    @Benchmark
    public void recordReceived(Shared shared, Latencies latencies) {
        shared.stats.recordReceived(1024, latencies.next());
    }

    @Benchmark
    @Group("senderAndReceiver")
    @GroupThreads(1)
    public void sender(Shared shared, Latencies latencies) {
        shared.stats.recordSent(1024, latencies.next(), latencies.next() >> 4);
    }

    @Benchmark
    @Group("senderAndReceiver")
    @GroupThreads(1)
    public void receiver(Shared shared, Latencies latencies) {
        shared.stats.recordReceived(1024, latencies.next());
    }
}
