package io.mqbench.worker;

import java.util.concurrent.ThreadLocalRandom;

/** Draws batch sizes uniformly from [min, max] (mqperf sends batches of 1 to 10 messages). */
final class BatchDraw {
    private final int min;
    private final int max;

    BatchDraw(int min, int max) {
        this.min = Math.max(1, min);
        this.max = Math.max(this.min, max);
    }

    int next() {
        return min == max ? min : ThreadLocalRandom.current().nextInt(min, max + 1);
    }
}
