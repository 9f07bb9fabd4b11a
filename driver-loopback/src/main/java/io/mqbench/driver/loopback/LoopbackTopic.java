package io.mqbench.driver.loopback;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A topic: a partition count and the subscriptions that each receive every message. */
final class LoopbackTopic {
    private final String name;
    private final int partitions;
    private final boolean keepOrder;
    private final boolean timed;
    /** Replaced whole when a subscription is added: a send walks an array, no iterator made per message. */
    private volatile LoopbackSubscription[] subscriptions = new LoopbackSubscription[0];
    private final Map<String, LoopbackSubscription> byName = new ConcurrentHashMap<>();
    /** One per partition when the partitions have a capacity; null otherwise. */
    private final PartitionIngest[] ingest;

    LoopbackTopic(String name, int partitions, LoopbackSettings settings, Acknowledger acknowledger) {
        this.name = name;
        this.partitions = partitions;
        this.keepOrder = settings.keepOrder;
        this.timed = settings.timed();
        ServiceRate capacity = settings.capacity;
        if (capacity.isUnlimited()) {
            this.ingest = null;
        } else {
            this.ingest = new PartitionIngest[partitions];
            for (int p = 0; p < partitions; p++) {
                ingest[p] = new PartitionIngest(capacity);
                acknowledger.watch(ingest[p]);
            }
        }
    }

    /** The partition's capacity queue, or null when partitions take everything at once. */
    PartitionIngest ingest(int partition) {
        return ingest == null ? null : ingest[partition];
    }

    String name() {
        return name;
    }

    int partitions() {
        return partitions;
    }

    /** Messages sent before a subscription exists are not delivered to it (as with Kafka's "latest"). */
    LoopbackSubscription subscription(String subscriptionName) {
        return byName.computeIfAbsent(subscriptionName, n -> {
            LoopbackSubscription created = new LoopbackSubscription(n, partitions, keepOrder, timed);
            synchronized (this) {
                LoopbackSubscription[] grown = Arrays.copyOf(subscriptions, subscriptions.length + 1);
                grown[grown.length - 1] = created;
                subscriptions = grown;
            }
            return created;
        });
    }

    /** Not to be written into. */
    LoopbackSubscription[] subscriptions() {
        return subscriptions;
    }
}
