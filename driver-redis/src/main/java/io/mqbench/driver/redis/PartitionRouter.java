package io.mqbench.driver.redis;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Picks a topic's partition for a message: by key hash when there is a key, in turn otherwise. */
final class PartitionRouter {
    private final int partitions;
    private final AtomicInteger next = new AtomicInteger();

    PartitionRouter(int partitions) {
        this.partitions = partitions;
    }

    int partitionFor(Optional<String> key) {
        if (partitions == 1) {
            return 0;
        }
        if (key.isPresent()) {
            // The same key always lands in the same partition, so its messages stay in order.
            return Math.floorMod(key.get().hashCode(), partitions);
        }
        return Math.floorMod(next.getAndIncrement(), partitions);
    }
}
