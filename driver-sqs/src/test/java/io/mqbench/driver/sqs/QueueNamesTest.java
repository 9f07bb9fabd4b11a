package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QueueNamesTest {
    private static final String TOPIC = "mqbench-0000000-abc1234";

    @Test
    void aSubscriptionQueueIsTopicDashSubscription() {
        QueueNames standard = new QueueNames(false);
        assertEquals("mqbench-0000000-abc1234-sub-000-xyz9876", standard.subscriptionQueue(TOPIC, "sub-000-xyz9876"));
        assertEquals("mqbench-0000000-abc1234", standard.topicQueue(TOPIC));
        assertEquals("mqbench-0000000-abc1234-", standard.subscriptionPrefix(TOPIC));
    }

    @Test
    void fifoQueuesEndInDotFifo() {
        QueueNames fifo = new QueueNames(true);
        assertEquals("mqbench-0000000-abc1234-sub-000-xyz9876.fifo", fifo.subscriptionQueue(TOPIC, "sub-000-xyz9876"));
        assertEquals("mqbench-0000000-abc1234.fifo", fifo.topicQueue(TOPIC));
        assertTrue(fifo.isSubscriptionQueueOf("mqbench-0000000-abc1234-sub-000-xyz9876.fifo", TOPIC));
        assertFalse(fifo.isSubscriptionQueueOf("mqbench-0000000-abc1234-sub-000-xyz9876", TOPIC));
        assertFalse(new QueueNames(false).isSubscriptionQueueOf("mqbench-0000000-abc1234-sub-000-xyz9876.fifo", TOPIC));
    }

    @Test
    void charactersSqsRefusesBecomeUnderscores() {
        assertEquals("my_topic-sub_1", new QueueNames(false).subscriptionQueue("my.topic", "sub/1"));
    }

    @Test
    void aLongSubscriptionIsShortenedToAStableHashAndTheTopicStaysWhole() {
        QueueNames fifo = new QueueNames(true);
        String longSubscription = "s".repeat(70);
        String name = fifo.subscriptionQueue(TOPIC, longSubscription);
        assertTrue(name.length() <= QueueNames.MAX_LENGTH, name);
        assertTrue(name.startsWith(fifo.subscriptionPrefix(TOPIC)) && name.endsWith(".fifo"), name);
        assertEquals(name, fifo.subscriptionQueue(TOPIC, longSubscription), "the same name every time");
        assertNotEquals(name, fifo.subscriptionQueue(TOPIC, "t".repeat(70)));
    }

    @Test
    void aTopicTooLongForAQueueNameIsRefusedWithAHint() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> new QueueNames(false).topicQueue("t".repeat(75))).getMessage();
        assertTrue(message.contains("topic name prefix"), message);
    }

    @Test
    void theNameOfAQueueIsTheLastPartOfItsUrl() {
        assertEquals("q-1.fifo", QueueNames.nameOf("http://127.0.0.1:9324/000000000000/q-1.fifo"));
    }
}
