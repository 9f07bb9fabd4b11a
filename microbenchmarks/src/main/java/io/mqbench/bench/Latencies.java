package io.mqbench.bench;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Each thread's latencies to record: log-uniform from 10 µs to 1 s, so that recording touches many
 * histogram buckets as a run does, and drawn once so the draw is not what is measured.
 */
@State(Scope.Thread)
public class Latencies {
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

    public long next() {
        next = (next + 1) & (COUNT - 1);
        return micros[next];
    }
}
