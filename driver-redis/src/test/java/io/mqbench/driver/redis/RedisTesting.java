package io.mqbench.driver.redis;

import static org.junit.jupiter.api.Assertions.fail;

import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import redis.clients.jedis.Jedis;

/** What the integration tests share: the server bin/brokers starts, settings, a recording callback. */
final class RedisTesting {
    static final String HOST = "127.0.0.1";
    static final int PORT = 6379;

    private RedisTesting() {}

    static RedisSettings settings(RedisSettings.Mode mode) {
        RedisSettings settings = new RedisSettings();
        settings.name = "test";
        settings.driverClass = RedisBenchmarkDriver.class.getName();
        settings.mode = mode;
        settings.host = HOST;
        settings.port = PORT;
        return settings;
    }

    static RedisBenchmarkDriver driver(RedisSettings settings) throws Exception {
        RedisBenchmarkDriver driver = new RedisBenchmarkDriver();
        driver.initialize(settings);
        return driver;
    }

    /** A plain connection for looking at what the driver left in Redis. */
    static Jedis inspector() {
        return new Jedis(HOST, PORT);
    }

    static String randomTopic() {
        return "mqbench-redis-test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A new topic of {@code partitions} partitions, created through {@code driver}. */
    static String newTopic(BenchmarkDriver driver, int partitions) throws Exception {
        String topic = randomTopic();
        driver.createTopic(topic, partitions).get();
        return topic;
    }

    /** A payload that says which message it is: its number in the first 4 bytes, then a pattern. */
    static byte[] payload(int number, int size) {
        ByteBuffer buffer = ByteBuffer.allocate(size);
        buffer.putInt(number);
        while (buffer.hasRemaining()) {
            buffer.put((byte) (number + buffer.position()));
        }
        return buffer.array();
    }

    static int numberOf(byte[] payload) {
        return ByteBuffer.wrap(payload).getInt();
    }

    static void await(String what, long timeoutMillis, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                fail("timed out after " + timeoutMillis + " ms waiting for: " + what);
            }
            Thread.sleep(10);
        }
    }

    /** Keeps every message a consumer received, with its publish timestamp. */
    static class Recorder implements ConsumerCallback {
        final List<byte[]> payloads = Collections.synchronizedList(new ArrayList<>());
        final List<Long> timestamps = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
            payloads.add(payload);
            timestamps.add(publishTimestamp);
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            throw new AssertionError("the Redis driver delivers arrays");
        }

        int count() {
            return payloads.size();
        }

        List<Integer> numbers() {
            synchronized (payloads) {
                return payloads.stream().map(RedisTesting::numberOf).toList();
            }
        }
    }
}
