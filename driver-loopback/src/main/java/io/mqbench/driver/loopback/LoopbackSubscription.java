package io.mqbench.driver.loopback;

import java.util.ArrayList;
import java.util.List;

/**
 * A subscription of a topic: one queue per partition, shared by its consumers like a consumer
 * group. Partitions are dealt out to consumers in turn whenever one joins or leaves; a consumer
 * beyond the partition count gets none, as in Kafka.
 */
final class LoopbackSubscription {
    private final String name;
    private final PartitionQueue[] partitions;
    private final List<LoopbackConsumer> consumers = new ArrayList<>();

    LoopbackSubscription(String name, int partitionCount, boolean keepOrder, boolean timed) {
        this.name = name;
        this.partitions = new PartitionQueue[partitionCount];
        for (int i = 0; i < partitionCount; i++) {
            partitions[i] = new PartitionQueue(keepOrder, timed);
        }
    }

    String name() {
        return name;
    }

    PartitionQueue partition(int index) {
        return partitions[index];
    }

    synchronized void join(LoopbackConsumer consumer) {
        consumers.add(consumer);
        rebalance();
    }

    synchronized void leave(LoopbackConsumer consumer) {
        consumers.remove(consumer);
        rebalance();
    }

    private void rebalance() {
        List<List<PartitionQueue>> shares = new ArrayList<>();
        for (int c = 0; c < consumers.size(); c++) {
            shares.add(new ArrayList<>());
        }
        for (int p = 0; p < partitions.length; p++) {
            if (consumers.isEmpty()) {
                partitions[p].setOwner(null);
            } else {
                LoopbackConsumer owner = consumers.get(p % consumers.size());
                shares.get(p % consumers.size()).add(partitions[p]);
                partitions[p].setOwner(owner);
            }
        }
        for (int c = 0; c < consumers.size(); c++) {
            consumers.get(c).assign(shares.get(c));
        }
    }
}
