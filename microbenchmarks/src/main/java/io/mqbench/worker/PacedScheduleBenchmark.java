package io.mqbench.worker;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The pacing decision per message when the sender is behind or exactly on time (it never parks):
 * the cost the schedule adds to every send at the highest rates.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class PacedScheduleBenchmark {
    /** 10^12 msg/s: every message is due at once, so the benchmark measures the decision, not a wait. */
    private final PacedSchedule schedule = new PacedSchedule(1e12);

    @Benchmark
    public long awaitNext() {
        return schedule.awaitNext();
    }
}
