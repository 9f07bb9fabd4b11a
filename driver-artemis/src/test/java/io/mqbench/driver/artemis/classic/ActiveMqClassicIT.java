package io.mqbench.driver.artemis.classic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ActiveMQ Classic variant against a real Classic broker on 127.0.0.1:61626 (Debian's
 * activemq 5.17.2 started by driver-artemis/classic/activemq-classic.sh). bin/brokers does not run
 * Classic, so without that broker these tests are skipped, and say so.
 */
class ActiveMqClassicIT {
    private static final int PORT = 61626;
    private static final int COUNT = 2_000;

    @TempDir
    Path dir;

    /** Per test, so that each one is reported as skipped, with the reason, where no Classic broker runs. */
    @BeforeEach
    void classicBrokerIsRunning() {
        boolean answering;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", PORT), 1_000);
            answering = true;
        } catch (IOException e) {
            answering = false;
        }
        assumeTrue(answering, "no ActiveMQ Classic on 127.0.0.1:" + PORT
                + " (start one with driver-artemis/classic/activemq-classic.sh start)");
    }

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
            Box alone = new Box();
            Box first = new Box();
            Box second = new Box();
            driver.createConsumer(topic, "sub-single", alone).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "sub-shared", first).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "sub-shared", second).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int id = 0; id < COUNT; id++) {
                sends.add(producer.sendAsync(Optional.empty(), payload(id)));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);

            awaitTotal(COUNT, alone);
            awaitTotal(COUNT, first, second);
            List<Integer> order = alone.ids();
            for (int i = 0; i < COUNT; i++) {
                assertEquals(i, order.get(i), "a single consumer sees publish order");
            }
            List<byte[]> shared = new ArrayList<>(first.payloads);
            shared.addAll(second.payloads);
            TreeSet<Integer> ids = new TreeSet<>();
            for (byte[] p : shared) {
                assertArrayEquals(payload(ByteBuffer.wrap(p).getInt()), p);
                ids.add(ByteBuffer.wrap(p).getInt());
            }
            assertEquals(COUNT, ids.size(), "the shared subscription got every message once");
            assertTrue(first.payloads.size() > 0 && second.payloads.size() > 0, "both consumers got some");
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
            Box early = new Box();
            BenchmarkConsumer consumer = driver.createConsumer(topic, "sub-ack", early).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            for (int id = 0; id < 250; id++) {
                producer.sendAsync(Optional.empty(), payload(id)).get(30, TimeUnit.SECONDS);
            }
            awaitTotal(250, early);
            consumer.close();
            Box next = new Box();
            driver.createConsumer(topic, "sub-ack", next).get(30, TimeUnit.SECONDS);
            awaitTotal(50, next);
            assertEquals(java.util.stream.IntStream.range(200, 250).boxed().toList(), next.ids());
            assertFalse(next.ids().contains(0));
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

    private static void awaitTotal(int expected, Box... boxes) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (total(boxes) < expected && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(300);
        assertEquals(expected, total(boxes));
    }

    private static int total(Box... boxes) {
        int sum = 0;
        for (Box box : boxes) {
            synchronized (box) {
                sum += box.payloads.size();
            }
        }
        return sum;
    }

    /** Keeps what a consumer got. */
    private static final class Box implements ConsumerCallback {
        final List<byte[]> payloads = new ArrayList<>();

        @Override
        public synchronized void messageReceived(byte[] payload, long publishTimestamp) {
            payloads.add(payload);
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            byte[] copy = new byte[payload.remaining()];
            payload.get(copy);
            messageReceived(copy, publishTimestamp);
        }

        synchronized List<Integer> ids() {
            return payloads.stream().map(p -> ByteBuffer.wrap(p).getInt()).toList();
        }
    }
}
