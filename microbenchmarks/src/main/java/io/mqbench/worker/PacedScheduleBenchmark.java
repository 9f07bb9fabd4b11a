package io.mqbench.worker;

import io.mqbench.bench.PerMessageBenchmark;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The pacing decision per message when the sender is behind or exactly on time (it never parks):
 * the cost the schedule adds to every send at the highest rates.
 */
public class PacedScheduleBenchmark extends PerMessageBenchmark {
    /** 10^12 msg/s: every message is due at once, so the benchmark measures the decision, not a wait. */
    private final PacedSchedule schedule = new PacedSchedule(1e12);

    @Benchmark
    public long awaitNext() {
        return schedule.awaitNext();
    }
}
