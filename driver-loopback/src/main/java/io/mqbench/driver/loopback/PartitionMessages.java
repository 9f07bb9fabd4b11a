package io.mqbench.driver.loopback;

/**
 * Where the messages of one partition for one subscription wait: any thread offers; only the
 * consumer that has claimed the partition ({@link PartitionQueue#claim()}) peeks and polls.
 */
interface PartitionMessages {
    void offer(Object message);

    /** The next message, removed, or null if none waits. */
    Object poll();

    /** The message {@link #poll()} would return, left in place. */
    Object peek();

    /** Whether nothing waits; any thread. */
    boolean isEmpty();
}
