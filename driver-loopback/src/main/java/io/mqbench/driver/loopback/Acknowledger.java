package io.mqbench.driver.loopback;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread that completes the send acknowledgements of every partition with a capacity when they
 * are due. Hundreds of thousands a second would swamp a scheduled executor (a heap entry and a
 * wake-up each); here each partition keeps them in a FIFO and the thread completes every due one
 * in a pass, then parks until the earliest next one.
 */
final class Acknowledger implements Runnable, AutoCloseable {
    /** Longest park, so that acknowledgements added while parked are seen soon even without a wake-up. */
    private static final long MAX_PARK_NANOS = 1_000_000;

    private final List<PartitionIngest> partitions = new CopyOnWriteArrayList<>();
    private final Thread thread = new Thread(this, "loopback-capacity-acknowledger");
    private volatile boolean running = true;

    Acknowledger() {
        thread.setDaemon(true);
        thread.start();
    }

    void watch(PartitionIngest partition) {
        partitions.add(partition);
    }

    @Override
    public void run() {
        while (running) {
            long now = System.nanoTime();
            long next = Long.MAX_VALUE;
            for (PartitionIngest partition : partitions) {
                long due = partition.completeDue(now);
                if (due != Long.MAX_VALUE && (next == Long.MAX_VALUE || due - next < 0)) {
                    next = due;
                }
            }
            long wait = next == Long.MAX_VALUE ? MAX_PARK_NANOS : Math.min(MAX_PARK_NANOS, next - System.nanoTime());
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        LockSupport.unpark(thread);
        thread.join(5_000);
    }
}
