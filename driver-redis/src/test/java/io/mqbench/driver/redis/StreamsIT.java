package io.mqbench.driver.redis;

import static io.mqbench.driver.redis.RedisTesting.await;
import static io.mqbench.driver.redis.RedisTesting.payload;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.resps.StreamPendingSummary;

/** Streams mode against the real server: consumer groups, acknowledgements, reclaiming, trimming. */
class StreamsIT {
    private final List<RedisBenchmarkDriver> drivers = new ArrayList<>();
    private final Jedis redis = RedisTesting.inspector();

    @AfterEach
    void closeDrivers() throws Exception {
        for (RedisBenchmarkDriver driver : drivers) {
            driver.close();
        }
        drivers.clear();
        redis.close();
    }

    private RedisBenchmarkDriver driver(RedisSettings settings) throws Exception {
        RedisBenchmarkDriver driver = RedisTesting.driver(settings);
        drivers.add(driver);
        return driver;
    }

    @Test
    void tenThousandMessagesReachTwoGroupsAndTwoConsumersShareOne() throws Exception {
        RedisBenchmarkDriver driver = driver(RedisTesting.settings(RedisSettings.Mode.STREAMS));
        String topic = RedisTesting.newTopic(driver, 2);
        RedisTesting.Recorder shared1 = new RedisTesting.Recorder();
        RedisTesting.Recorder shared2 = new RedisTesting.Recorder();
        RedisTesting.Recorder alone = new RedisTesting.Recorder();
        driver.createConsumer(topic, "group-shared", shared1).get();
        driver.createConsumer(topic, "group-shared", shared2).get();
        driver.createConsumer(topic, "group-alone", alone).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();

        int messages = 10_000;
        long before = System.currentTimeMillis();
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            sends.add(producer.sendAsync(Optional.of("key-" + (i % 10)), payload(i, 100)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
        long after = System.currentTimeMillis();

        await("both groups receive every message", 30_000,
                () -> shared1.count() + shared2.count() >= messages && alone.count() >= messages);
        Thread.sleep(300); // anything extra (a duplicate) would arrive now
        assertEquals(messages, alone.count(), "the single consumer gets each message once");
        assertEquals(messages, new HashSet<>(alone.numbers()).size());
        assertEquals(messages, shared1.count() + shared2.count(), "the shared group gets each message once");
        Set<Integer> union = new HashSet<>(shared1.numbers());
        union.addAll(shared2.numbers());
        assertEquals(messages, union.size(), "no message lost or duplicated between the two consumers");
        assertTrue(shared1.count() > 0 && shared2.count() > 0,
                "both consumers of the group get a share: " + shared1.count() + " / " + shared2.count());

        // Exact bytes, the producer's timestamp, and per-key order within a partition.
        Map<Integer, Integer> lastOfKey = new HashMap<>();
        for (int i = 0; i < messages; i++) {
            byte[] received = alone.payloads.get(i);
            int number = RedisTesting.numberOf(received);
            assertArrayEquals(payload(number, 100), received);
            long timestamp = alone.timestamps.get(i);
            assertTrue(timestamp >= before && timestamp <= after, "publish time " + timestamp + " within the send window");
            Integer previous = lastOfKey.put(number % 10, number);
            assertTrue(previous == null || previous < number, "key " + (number % 10) + ": " + previous + " before " + number);
        }

        // Every entry acknowledged: nothing left pending in either group on either stream.
        await("no pending entries", 5_000, () -> pending(topic + ":0", "group-shared") + pending(topic + ":1", "group-shared")
                + pending(topic + ":0", "group-alone") + pending(topic + ":1", "group-alone") == 0);
        assertEquals(messages, redis.xlen(topic + ":0") + redis.xlen(topic + ":1"));
        assertTrue(redis.xlen(topic + ":0") > 0 && redis.xlen(topic + ":1") > 0, "keys spread over both streams");
    }

    @Test
    void entriesOfAConsumerKilledBeforeXackAreRedeliveredToItsPeer() throws Exception {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        settings.claimIdleMs = 1_000;
        settings.readBatchSize = 50;
        settings.socketTimeoutMs = 1_000;
        settings.deleteTopicsOnClose = false; // the victim's driver closes first; the topic must survive it
        RedisBenchmarkDriver victimDriver = driver(settings);
        String topic = RedisTesting.newTopic(victimDriver, 1);

        // The victim hangs in its callback on the first message: it has read a batch, acknowledged nothing.
        CountDownLatch victimGotOne = new CountDownLatch(1);
        RedisTesting.Recorder victim = new RedisTesting.Recorder() {
            @Override
            public void messageReceived(byte[] payload, long publishTimestamp) {
                super.messageReceived(payload, publishTimestamp);
                victimGotOne.countDown();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException("killed");
                }
            }
        };
        BenchmarkConsumer victimConsumer = victimDriver.createConsumer(topic, "group", victim).get();
        BenchmarkProducer producer = victimDriver.createProducer(topic).get();
        int messages = 200;
        for (int i = 0; i < messages; i++) {
            producer.sendAsync(Optional.empty(), payload(i, 64)).get(5, TimeUnit.SECONDS);
        }
        assertTrue(victimGotOne.await(5, TimeUnit.SECONDS));
        long heldByVictim = pending(topic + ":0", "group");
        assertTrue(heldByVictim >= 1, "the victim holds unacknowledged entries: " + heldByVictim);

        // Kill it (its connection closes, nothing is acknowledged), then start a peer in the same group.
        victimConsumer.close();
        assertEquals(heldByVictim, pending(topic + ":0", "group"), "closing a stuck consumer acknowledges nothing");
        RedisTesting.Recorder peer = new RedisTesting.Recorder();
        RedisBenchmarkDriver peerDriver = driver(settings);
        peerDriver.createConsumer(topic, "group", peer).get();

        await("the peer receives every message, including the victim's", 15_000,
                () -> new HashSet<>(peer.numbers()).size() == messages);
        assertEquals(List.of(0), victim.numbers(), "the victim only saw the first message");
        assertTrue(peer.numbers().contains(0), "the message the victim never acknowledged is redelivered");
        await("the reclaimed entries are acknowledged", 5_000, () -> pending(topic + ":0", "group") == 0);
        closeDrivers();
        try (Jedis cleanup = RedisTesting.inspector()) {
            cleanup.del(topic + ":0", Topics.recordKey(topic));
        }
    }

    @Test
    void aPausedConsumerLeavesTheBacklogInRedisAndDrainsItOnResume() throws Exception {
        RedisBenchmarkDriver driver = driver(RedisTesting.settings(RedisSettings.Mode.STREAMS));
        String topic = RedisTesting.newTopic(driver, 1);
        RedisTesting.Recorder recorder = new RedisTesting.Recorder();
        StreamConsumer consumer = (StreamConsumer) driver.createConsumer(topic, "group", recorder).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();
        producer.sendAsync(Optional.empty(), payload(0, 64)).get();
        await("the first message", 5_000, () -> recorder.count() == 1);

        consumer.pause();
        Thread.sleep(300); // a read in progress (up to blockMs) may still deliver
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 1; i <= 1_000; i++) {
            sends.add(producer.sendAsync(Optional.empty(), payload(i, 64)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
        Thread.sleep(500);
        assertEquals(1, recorder.count(), "nothing is read while paused");
        assertEquals(1_000L, redis.xinfoGroups(topic + ":0").get(0).getGroupInfo().get("lag"), "the backlog waits in the group");

        consumer.resume();
        await("the backlog drains", 10_000, () -> recorder.count() == 1_001);
        List<Integer> numbers = recorder.numbers();
        for (int i = 0; i <= 1_000; i++) {
            assertEquals(i, numbers.get(i), "one stream is read in order");
        }
    }

    @Test
    void maxLenTrimsApproximatelyAndCloseDeletesWhatTheDriverCreated() throws Exception {
        RedisBenchmarkDriver driver = driver(streams(settings -> settings.maxLen = 1_000));
        String topic = RedisTesting.newTopic(driver, 1);
        BenchmarkProducer producer = driver.createProducer(topic).get();
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            sends.add(producer.sendAsync(Optional.empty(), payload(i, 32)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
        long length = redis.xlen(topic + ":0");
        // "~" trims whole radix-tree nodes (stream-node-max-entries, 100 by default): at least maxLen stay.
        assertTrue(length >= 1_000 && length <= 1_100, "XLEN " + length + " is about maxLen 1000");
        String newest = redis.xrevrange(topic + ":0", "+", "-", 1).get(0).getFields().get("t");
        assertTrue(newest != null && Long.parseLong(newest) > 0, "entries carry the producer's time in field t");

        assertTrue(redis.exists(Topics.recordKey(topic)));
        drivers.remove(driver);
        driver.close();
        assertFalse(redis.exists(topic + ":0"), "the stream is deleted on close");
        assertFalse(redis.exists(Topics.recordKey(topic)), "the topic record is deleted on close");
    }

    @Test
    void aConsumerOnAnotherDriverFindsTheTopicsPartitionsInRedis() throws Exception {
        RedisBenchmarkDriver creator = driver(RedisTesting.settings(RedisSettings.Mode.STREAMS));
        RedisBenchmarkDriver other = driver(RedisTesting.settings(RedisSettings.Mode.STREAMS));
        String topic = RedisTesting.newTopic(creator, 3);
        assertTrue(creator.createTopic(topic, 3).isCompletedExceptionally(), "a topic cannot be created twice");
        RedisTesting.Recorder recorder = new RedisTesting.Recorder();
        other.createConsumer(topic, "group", recorder).get();
        BenchmarkProducer producer = other.createProducer(topic).get();
        for (int i = 0; i < 30; i++) {
            producer.sendAsync(Optional.empty(), payload(i, 40)).get();
        }
        await("all 30 messages over the 3 streams", 5_000, () -> recorder.count() == 30);
        for (int p = 0; p < 3; p++) {
            assertEquals(10, redis.xlen(topic + ":" + p), "round robin without keys");
        }
        assertTrue(other.createProducer("no-such-topic").isCompletedExceptionally());
    }

    @Test
    void acknowledgementsGatherForAckIntervalMsAndThenTravelWithTheNextRead() throws Exception {
        RedisBenchmarkDriver driver = driver(streams(settings -> settings.ackIntervalMs = 2_000));
        String topic = RedisTesting.newTopic(driver, 1);
        RedisTesting.Recorder recorder = new RedisTesting.Recorder();
        driver.createConsumer(topic, "group", recorder).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();

        // The first entry after a quiet spell is acknowledged with the next read and starts the interval.
        producer.sendAsync(Optional.empty(), payload(0, 40)).get();
        await("the first message", 5_000, () -> recorder.count() == 1);
        await("its XACK with the next read", 1_000, () -> pending(topic + ":0", "group") == 0);
        long intervalStarted = System.nanoTime();
        for (int i = 1; i <= 9; i++) {
            producer.sendAsync(Optional.empty(), payload(i, 40)).get();
        }
        await("nine more", 5_000, () -> recorder.count() == 10);
        Thread.sleep(300);
        long stillPending = pending(topic + ":0", "group");
        long elapsedMillis = (System.nanoTime() - intervalStarted) / 1_000_000;
        if (elapsedMillis < 1_800) {
            assertEquals(9, stillPending, "within the interval the nine wait for their XACK (" + elapsedMillis + " ms in)");
        }
        await("the nine acknowledged once the interval is over", 4_000, () -> pending(topic + ":0", "group") == 0);
        assertTrue((System.nanoTime() - intervalStarted) / 1_000_000 >= 1_900, "not before the interval was over");
    }

    private static RedisSettings streams(Consumer<RedisSettings> change) {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        change.accept(settings);
        return settings;
    }

    private long pending(String stream, String group) {
        StreamPendingSummary summary = redis.xpending(stream, group);
        return summary.getTotal();
    }
}
