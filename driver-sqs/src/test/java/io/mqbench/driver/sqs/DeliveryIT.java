package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;

/** Standard queues on ElasticMQ: fan-out to subscriptions, shared subscriptions, clean-up. */
class DeliveryIT {
    private static final int MESSAGES = 2_000;

    @TempDir
    Path dir;

    @Test
    void everySubscriptionGetsEveryMessageOnceAndItsConsumersShareThem() throws Exception {
        String topic = LocalSqs.topic();
        Inbox sharedA = new Inbox();
        Inbox sharedB = new Inbox();
        Inbox alone = new Inbox();
        Map<Integer, byte[]> sent = new HashMap<>();
        long before;
        long after;
        try (SqsAsyncClient look = LocalSqs.client(Map.of())) {
            try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, Map.of())) {
                driver.createTopic(topic, 1).get();
                List<BenchmarkConsumer> consumers = new ArrayList<>();
                consumers.add(driver.createConsumer(topic, "sub-000-shared", sharedA).get());
                consumers.add(driver.createConsumer(topic, "sub-000-shared", sharedB).get());
                consumers.add(driver.createConsumer(topic, "sub-001-alone", alone).get());
                assertEquals(2, LocalSqs.queues(look, topic + "-").size(), "one queue per subscription");

                BenchmarkProducer producer = driver.createProducer(topic).get();
                Random random = new Random(7);
                List<CompletableFuture<Void>> sends = new ArrayList<>();
                before = System.currentTimeMillis();
                for (int id = 0; id < MESSAGES; id++) {
                    byte[] payload = Messages.payload(id, 10 + random.nextInt(1500), random);
                    sent.put(id, payload);
                    sends.add(producer.sendAsync(Optional.empty(), payload));
                }
                CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
                after = System.currentTimeMillis();

                assertEquals(MESSAGES, Inbox.awaitTotal(MESSAGES, 60_000, LocalSqs.STRAY_MS, sharedA, sharedB),
                        "received, and no more than sent");
                assertEquals(MESSAGES, Inbox.awaitTotal(MESSAGES, 60_000, LocalSqs.STRAY_MS, alone),
                        "received, and no more than sent");
                for (BenchmarkConsumer consumer : consumers) {
                    consumer.close();
                }
                producer.close();
            }
            assertEquals(List.of(), LocalSqs.queues(look, topic), "queues deleted at the end");
        }

        assertTrue(sharedA.count() > 0 && sharedB.count() > 0,
                "both consumers of one subscription get messages: " + sharedA.count() + " + " + sharedB.count());
        assertExactly(sent, sharedA, sharedB);
        assertExactly(sent, alone);
        for (long timestamp : alone.publishTimestamps()) {
            assertTrue(timestamp >= before && timestamp <= after, "publish timestamp " + timestamp + " is the producer's clock");
        }
    }

    /** Every sent message arrived once in the inboxes together, byte for byte. */
    private static void assertExactly(Map<Integer, byte[]> sent, Inbox... inboxes) {
        Set<Integer> seen = new TreeSet<>();
        for (Inbox inbox : inboxes) {
            for (byte[] payload : inbox.payloads()) {
                int id = Messages.id(payload);
                assertTrue(seen.add(id), "message " + id + " delivered twice");
                assertArrayEquals(sent.get(id), payload, "payload of message " + id);
            }
        }
        assertEquals(sent.keySet(), seen);
    }

    @Test
    void aTopicWithoutSubscriptionsSendsToItsOwnQueue() throws Exception {
        String topic = LocalSqs.topic();
        try (SqsAsyncClient look = LocalSqs.client(Map.of())) {
            try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, Map.of())) {
                driver.createTopic(topic, 1).get();
                BenchmarkProducer producer = driver.createProducer(topic).get();
                producer.sendAsync(Optional.empty(), new byte[] {1, 2, 3}).get(10, TimeUnit.SECONDS);
                assertEquals(1, LocalSqs.queues(look, topic).size(), "the topic's queue " + LocalSqs.queues(look, topic));
            }
            assertEquals(List.of(), LocalSqs.queues(look, topic), "deleted at the end");
        }
    }
}
