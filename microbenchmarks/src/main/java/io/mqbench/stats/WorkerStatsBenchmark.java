package io.mqbench.stats;

import io.mqbench.bench.Latencies;
import io.mqbench.bench.PerMessageBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Recording one message into the worker's period histograms: a send (publish latency, publish
 * delay, bytes) and a receipt (end-to-end latency, bytes), alone and with a sender and a receiver
 * thread recording at once, as in a run. Latencies are drawn from a spread of realistic values
 * (a few microseconds to a second) so that recording touches many histogram buckets.
 */
public class WorkerStatsBenchmark extends PerMessageBenchmark {
    /** One worker's statistics, shared by every thread of a benchmark as in a worker. */
    @State(Scope.Benchmark)
    public static class Shared {
        final WorkerStats stats = new WorkerStats();
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
