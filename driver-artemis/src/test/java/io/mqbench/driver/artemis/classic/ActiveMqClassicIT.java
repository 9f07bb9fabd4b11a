package io.mqbench.driver.artemis.classic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ActiveMQ Classic variant against the real Classic broker that {@code bin/brokers start activemq}
 * runs on 127.0.0.1:61626 (Debian's activemq 5.17.2). Like every IT here it assumes bin/brokers
 * started its broker (bin/test starts them all): without it these tests fail, naming the command.
 */
class ActiveMqClassicIT {
    private static final int PORT = 61626;
    private static final int COUNT = 2_000;

    @TempDir
    Path dir;

    private ActiveMqClassicBenchmarkDriver driver(String settings) throws Exception {
        Path file = Files.createTempFile(dir, "classic-", ".yaml");
        Files.writeString(file, "name: Classic-IT\n"
                + "driverClass: io.mqbench.driver.artemis.classic.ActiveMqClassicBenchmarkDriver\n"
                + "brokerUrl: tcp://127.0.0.1:" + PORT + "\n" + settings);
        ActiveMqClassicBenchmarkDriver driver = new ActiveMqClassicBenchmarkDriver();
        driver.initialize(file.toFile(), null);
        return driver;
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"persistent, async", "non_persistent, sync"})
    void everySubscriptionGetsEveryMessageAndConsumersShareOne(String deliveryMode, String sendMode) throws Exception {
        ActiveMqClassicBenchmarkDriver driver = driver("deliveryMode: " + deliveryMode + "\nsendMode: " + sendMode + "\n");
        try {
            String topic = "mqbench-it-" + UUID.randomUUID().toString().substring(0, 8);
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            Inbox alone = new Inbox();
            Inbox first = new Inbox();
            Inbox second = new Inbox();
            driver.createConsumer(topic, "sub-single", alone).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "sub-shared", first).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "sub-shared", second).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int id = 0; id < COUNT; id++) {
                sends.add(producer.sendAsync(Optional.empty(), payload(id)));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);

            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, alone));
            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, first, second));
            List<Integer> order = ids(alone);
            for (int i = 0; i < COUNT; i++) {
                assertEquals(i, order.get(i), "a single consumer sees publish order");
            }
            List<byte[]> shared = new ArrayList<>(first.payloads());
            shared.addAll(second.payloads());
            TreeSet<Integer> ids = new TreeSet<>();
            for (byte[] p : shared) {
                assertArrayEquals(payload(ByteBuffer.wrap(p).getInt()), p);
                ids.add(ByteBuffer.wrap(p).getInt());
            }
            assertEquals(COUNT, ids.size(), "the shared subscription got every message once");
            assertTrue(first.count() > 0 && second.count() > 0, "both consumers got some");
            assertTrue(driver.metadata().get("protocol").startsWith("OpenWire"), driver.metadata().toString());
        } finally {
            driver.close();
        }
    }

    @Test
    void clientAckRedeliversWhatWasNotAcknowledged() throws Exception {
        ActiveMqClassicBenchmarkDriver driver = driver("ackMode: client\nclientAckBatchSize: 100\n");
        try {
            String topic = "mqbench-it-" + UUID.randomUUID().toString().substring(0, 8);
            Inbox early = new Inbox();
            BenchmarkConsumer consumer = driver.createConsumer(topic, "sub-ack", early).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            for (int id = 0; id < 250; id++) {
                producer.sendAsync(Optional.empty(), payload(id)).get(30, TimeUnit.SECONDS);
            }
            assertEquals(250, Inbox.awaitTotal(250, 60_000, early));
            consumer.close();
            Inbox next = new Inbox();
            driver.createConsumer(topic, "sub-ack", next).get(30, TimeUnit.SECONDS);
            assertEquals(50, Inbox.awaitTotal(50, 60_000, next));
            assertEquals(java.util.stream.IntStream.range(200, 250).boxed().toList(), ids(next));
            assertFalse(ids(next).contains(0));
        } finally {
            driver.close();
        }
    }

    private static byte[] payload(int id) {
        byte[] payload = new byte[100];
        ByteBuffer.wrap(payload).putInt(id);
        for (int i = 4; i < payload.length; i++) {
            payload[i] = (byte) (id + i);
        }
        return payload;
    }

    private static List<Integer> ids(Inbox inbox) {
        return inbox.payloads().stream().map(p -> ByteBuffer.wrap(p).getInt()).toList();
    }
}
