package io.mqbench.driver.mongo;

/**
 * The collections of one topic, all named {@code <topic>.<something>} so that the topic's whole
 * footprint can be found (and dropped) by its prefix:
 *
 * <ul>
 *   <li>{@code <topic>.subscriptions}: one small document per subscription, which producers read
 *       to know where to write;
 *   <li>{@code <topic>.sub.<subscription>}: the subscription's queue, one document per message.
 * </ul>
 */
record TopicCollections(String topic) {

    TopicCollections {
        if (topic == null || topic.isEmpty()) {
            throw new IllegalArgumentException("a topic name must not be empty");
        }
    }

    /** Everything of this topic starts with this. */
    String prefix() {
        return topic + ".";
    }

    String registry() {
        return topic + ".subscriptions";
    }

    String queue(String subscription) {
        if (subscription == null || subscription.isEmpty()) {
            throw new IllegalArgumentException("a subscription name must not be empty");
        }
        return topic + ".sub." + subscription;
    }

    boolean owns(String collectionName) {
        return collectionName.startsWith(prefix());
    }
}
