package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TopicCollectionsTest {
    private final TopicCollections topic = new TopicCollections("mqbench-0000000-abc");

    @Test
    void everyCollectionOfATopicStartsWithItsName() {
        assertEquals("mqbench-0000000-abc.subscriptions", topic.registry());
        assertEquals("mqbench-0000000-abc.sub.sub-000-xyz", topic.queue("sub-000-xyz"));
        assertTrue(topic.owns(topic.registry()));
        assertTrue(topic.owns(topic.queue("s")));
    }

    @Test
    void aSubscriptionCalledSubscriptionsDoesNotCollideWithTheRegistry() {
        assertFalse(topic.queue("subscriptions").equals(topic.registry()));
    }

    @Test
    void anotherTopicWhoseNameExtendsThisOneIsNotOwned() {
        assertFalse(topic.owns("mqbench-0000000-abcd.subscriptions"));
        assertFalse(topic.owns("mqbench-0000000-abc"));
    }

    @Test
    void emptyNamesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TopicCollections(""));
        assertThrows(IllegalArgumentException.class, () -> topic.queue(""));
    }
}
