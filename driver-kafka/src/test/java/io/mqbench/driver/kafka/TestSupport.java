package io.mqbench.driver.kafka;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/** What the broker tests share: the local broker's address, settings, payloads, a recording callback. */
final class TestSupport {
    static final String BOOTSTRAP = "127.0.0.1:9092";

    private TestSupport() {}

    /** The module's kafka-local.yaml, as the quickstart uses it. */
    static KafkaSettings localSettings() throws IOException {
        return KafkaSettings.read(new File("kafka-local.yaml"));
    }

    static String uniqueName(String what) {
        return "mqbench-it-" + what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static Admin admin() {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, BOOTSTRAP);
        return Admin.create(properties);
    }

    /** A payload whose first 4 bytes are its index, the rest filler, like the harness's (header + body). */
    static byte[] payload(int index, int size) {
        byte[] payload = new byte[size];
        ByteBuffer.wrap(payload).putInt(index);
        for (int i = 4; i < size; i++) {
            payload[i] = (byte) (i * 31 + index);
        }
        return payload;
    }

    static int indexOf(byte[] payload) {
        return ByteBuffer.wrap(payload).getInt();
    }

    static void await(BooleanSupplier condition, long timeoutMillis, Supplier<String> whatFailed) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out after " + timeoutMillis + " ms: " + whatFailed.get());
            }
            Thread.sleep(20);
        }
    }

    /**
     * What one consumer received, in arrival order: payload indexes, their timestamps, full payloads
     * (copied out of the buffers the driver handed over), and how many of those buffers were views
     * into a larger one (the fetched bytes) rather than an array of the value's own size.
     */
    static final class Recorder implements ConsumerCallback {
        final List<Integer> indexes = Collections.synchronizedList(new ArrayList<>());
        final List<Long> timestamps = Collections.synchronizedList(new ArrayList<>());
        final List<byte[]> payloads = Collections.synchronizedList(new ArrayList<>());
        volatile int views;

        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
            throw new AssertionError("the Kafka driver hands over views of the fetched bytes, not arrays");
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            byte[] bytes = new byte[payload.remaining()];
            payload.duplicate().get(bytes);
            synchronized (this) {
                indexes.add(indexOf(bytes));
                timestamps.add(publishTimestamp);
                payloads.add(bytes);
                if (payload.hasArray() && payload.array().length > payload.remaining()) {
                    views++;
                }
            }
        }

        int count() {
            return indexes.size();
        }

        synchronized List<Integer> indexesSnapshot() {
            return new ArrayList<>(indexes);
        }
    }
}
