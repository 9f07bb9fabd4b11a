package io.mqbench.driver.redis;

import static io.mqbench.driver.redis.RedisTesting.await;
import static io.mqbench.driver.redis.RedisTesting.payload;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** Pub/sub mode against the real server: complete while subscribed, nothing kept for absent listeners. */
class PubSubIT {
    private RedisBenchmarkDriver driver;

    @AfterEach
    void close() throws Exception {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void whileSubscribedEverySubscriptionReceivesEveryMessageInOrder() throws Exception {
        driver = RedisTesting.driver(RedisTesting.settings(RedisSettings.Mode.PUBSUB));
        String topic = RedisTesting.newTopic(driver, 1);
        RedisTesting.Recorder first = new RedisTesting.Recorder();
        RedisTesting.Recorder second = new RedisTesting.Recorder();
        driver.createConsumer(topic, "sub-1", first).get(5, TimeUnit.SECONDS);
        driver.createConsumer(topic, "sub-2", second).get(5, TimeUnit.SECONDS);
        try (Jedis redis = RedisTesting.inspector()) {
            assertEquals(2L, redis.pubsubNumSub(topic + ":0").get(topic + ":0"),
                    "both subscribers listen once createConsumer has completed");
        }
        BenchmarkProducer producer = driver.createProducer(topic).get();

        int messages = 10_000;
        long before = System.currentTimeMillis();
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            sends.add(producer.sendAsync(Optional.empty(), payload(i, 200)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
        long after = System.currentTimeMillis();
        await("both subscriptions receive everything", 20_000,
                () -> first.count() >= messages && second.count() >= messages);
        Thread.sleep(200);
        for (RedisTesting.Recorder recorder : List.of(first, second)) {
            assertEquals(messages, recorder.count());
            for (int i = 0; i < messages; i++) {
                assertArrayEquals(payload(i, 200), recorder.payloads.get(i), "message " + i + " in order, bytes unchanged");
                long timestamp = recorder.timestamps.get(i);
                assertTrue(timestamp >= before && timestamp <= after, "publish time " + timestamp);
            }
        }
    }

    @Test
    void messagesPublishedWhileNobodyListensAreLost() throws Exception {
        driver = RedisTesting.driver(RedisTesting.settings(RedisSettings.Mode.PUBSUB));
        String topic = RedisTesting.newTopic(driver, 2);
        BenchmarkProducer producer = driver.createProducer(topic).get();
        for (int i = 0; i < 10; i++) {
            // Acknowledged by Redis (it answers "0 receivers"), yet delivered to no one.
            producer.sendAsync(Optional.empty(), payload(i, 64)).get(5, TimeUnit.SECONDS);
        }
        RedisTesting.Recorder late = new RedisTesting.Recorder();
        BenchmarkConsumer consumer = driver.createConsumer(topic, "late", late).get(5, TimeUnit.SECONDS);
        for (int i = 10; i < 20; i++) {
            producer.sendAsync(Optional.of("k" + i), payload(i, 64)).get(5, TimeUnit.SECONDS);
        }
        await("the messages sent after subscribing", 5_000, () -> late.count() == 10);
        Thread.sleep(200);
        assertEquals(10, late.count(), "nothing from before the subscription");
        assertTrue(late.numbers().stream().allMatch(n -> n >= 10), late.numbers().toString());
        consumer.close();
        try (Jedis redis = RedisTesting.inspector()) {
            assertEquals(0L, redis.pubsubNumSub(topic + ":0").get(topic + ":0"), "close unsubscribes");
        }
    }
}
