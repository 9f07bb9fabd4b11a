package io.mqbench.testing;

import io.mqbench.stats.MicrosClock;

/**
 * Watches how far the kernel's wall clock moves against its monotonic clock while it runs. Each
 * mqbench process anchors its epoch clock to the wall clock once, at start, and then follows the
 * monotonic clock; so two processes on one kernel disagree by exactly the wall clock's steps (an
 * NTP step, a VM's clock correction) between their starts. A test that bounds the offset it
 * measures between such processes must widen the bound by this range.
 */
public final class WallClockSteps implements AutoCloseable {
    private final Thread sampler;
    private volatile boolean running = true;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    private WallClockSteps() {
        sample();
        sampler = new Thread(this::sampleUntilClosed, "wall-clock-steps");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** Starts watching; the first sample is taken before this returns. */
    public static WallClockSteps watch() {
        return new WallClockSteps();
    }

    /** How far (wall clock − monotonic clock) has ranged since {@link #watch()}, in microseconds. */
    public synchronized long rangeMicros() {
        return max - min;
    }

    private void sampleUntilClosed() {
        while (running) {
            sample();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample() {
        long difference = MicrosClock.wallMinusMonotonicMicros();
        synchronized (this) {
            min = Math.min(min, difference);
            max = Math.max(max, difference);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        sampler.interrupt();
        sampler.join();
        sample();
    }
}
