package io.mqbench.driver.rabbitmq;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The names a topic maps to. One partition: exchange {@code <topic>} and, per subscription, queue
 * {@code <topic>-<subscription>}. N partitions: exchanges {@code <topic>-p0 .. -p<N-1>} and queues
 * {@code <topic>-<subscription>-p<i>} bound to exchange {@code -p<i>}. A producer picks the
 * partition's exchange from the message key, so every exchange type (fanout included) can be
 * partitioned and messages of one key stay in one queue, in order.
 */
record TopicLayout(String topic, int partitions) {

    TopicLayout {
        if (partitions < 1) {
            throw new IllegalArgumentException("topic " + topic + ": partitions must be 1 or more, not " + partitions);
        }
    }

    String exchange(int partition) {
        return partitions == 1 ? topic : topic + "-p" + partition;
    }

    List<String> exchanges() {
        List<String> names = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            names.add(exchange(p));
        }
        return names;
    }

    String queue(String subscription, int partition) {
        return partitions == 1 ? topic + "-" + subscription : topic + "-" + subscription + "-p" + partition;
    }

    List<String> queues(String subscription) {
        List<String> names = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            names.add(queue(subscription, p));
        }
        return names;
    }

    /**
     * The partition of a message: from its key's hash when it has one (the same key always lands in
     * the same queue), else the producer's own counter, which spreads messages round-robin.
     */
    int partitionFor(Optional<String> key, long counter) {
        if (partitions == 1) {
            return 0;
        }
        if (key.isPresent()) {
            return Math.floorMod(key.get().hashCode(), partitions);
        }
        return (int) Math.floorMod(counter, (long) partitions);
    }
}
