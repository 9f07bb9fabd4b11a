package io.mqbench.driver.rabbitmq;

import java.util.ArrayList;
import java.util.List;

/**
 * Which of a subscription's queues (one per partition) each of its consumers reads.
 *
 * <p>Classic and quorum queues hand each message to one of their consumers, so every consumer of
 * a subscription reads all of its queues and they share the messages (RabbitMQ's competing
 * consumers). A stream is a log: every consumer of a stream reads all of it. So for streams the
 * consumers of a subscription split its partitions, as Kafka consumers of a group do: consumer
 * {@code k} of {@code C} reads partitions {@code k, k+C, k+2C, ...}; consumers beyond the partition
 * count read nothing.
 */
final class QueueAssignment {
    private QueueAssignment() {}

    /** The queues consumer {@code index} of {@code consumers} reads. */
    static List<String> queuesFor(List<String> subscriptionQueues, boolean stream, int index, int consumers) {
        if (!stream) {
            return subscriptionQueues;
        }
        List<String> assigned = new ArrayList<>();
        for (int p = index; p < subscriptionQueues.size(); p += consumers) {
            assigned.add(subscriptionQueues.get(p));
        }
        return assigned;
    }
}
