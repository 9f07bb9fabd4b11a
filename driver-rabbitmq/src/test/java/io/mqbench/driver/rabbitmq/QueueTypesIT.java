package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Connection;
import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkDriver.ConsumerInfo;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each queue type on the real broker: 5 000 messages to a topic with two subscriptions, one of
 * them read by two consumers. Every subscription gets every message once, byte for byte; the two
 * consumers of one subscription share its messages; a single consumer sees each queue in order.
 */
class QueueTypesIT {
    private static final int COUNT = 5_000;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"classic", "quorum", "stream"})
    void everySubscriptionGetsEveryMessageOnceAndConsumersShareOne(String queueType) throws Exception {
        boolean stream = queueType.equals("stream");
        // A stream gives every consumer every message, so its consumers split partitions: two of
        // them need two partitions to both have work.
        int partitions = stream ? 2 : 1;
        String topic = "mqbench-it-types-" + queueType + "-" + System.nanoTime();
        Inbox shared1 = new Inbox();
        Inbox shared2 = new Inbox();
        Inbox alone = new Inbox();
        List<String> queues;
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "queueType: " + queueType + "\n"
                + "messagePersistence: true\nprefetch: 500\nackEvery: " + (stream ? 50 : 1) + "\n")) {
            driver.createTopic(topic, partitions).get(30, TimeUnit.SECONDS);
            driver.createConsumers(List.of(
                    new ConsumerInfo(0, topic, "shared", shared1),
                    new ConsumerInfo(1, topic, "shared", shared2),
                    new ConsumerInfo(2, topic, "alone", alone))).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, COUNT, stream);

            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, alone), "received, and no more than sent");
            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, shared1, shared2), "received, and no more than sent");
            List<byte[]> sharedMessages = new java.util.ArrayList<>(shared1.payloads());
            sharedMessages.addAll(shared2.payloads());
            Messages.assertExactlyOnce(sharedMessages, COUNT);
            Messages.assertExactlyOnce(alone.payloads(), COUNT);
            assertTrue(shared1.count() > 0 && shared2.count() > 0,
                    "both consumers of the subscription got messages: " + shared1.count() + " + " + shared2.count());
            assertInOrderPerQueue(Messages.ids(alone), stream);
            long now = System.currentTimeMillis();
            for (long published : alone.publishTimestamps()) {
                assertTrue(published <= now && published > now - 120_000,
                        "publish timestamp in epoch ms from the producer's header: " + published);
            }
            queues = new TopicLayout(topic, partitions).queues("shared");
        }
        try (Connection connection = LocalBroker.connect()) {
            for (String queue : queues) {
                assertEquals(-1, LocalBroker.readyMessages(connection, queue), queue + " was deleted on close");
            }
        }
    }

    /** One partition keeps publish order; with keys, each key's messages keep theirs. */
    private static void assertInOrderPerQueue(List<Integer> ids, boolean keyed) {
        Map<String, Integer> lastByKey = new HashMap<>();
        for (int id : ids) {
            String key = keyed ? Messages.key(id) : "";
            Integer last = lastByKey.put(key, id);
            assertTrue(last == null || last < id, "message " + id + " came after " + last);
        }
    }
}
