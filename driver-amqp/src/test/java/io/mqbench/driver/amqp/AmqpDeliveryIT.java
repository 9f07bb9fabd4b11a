package io.mqbench.driver.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the AMQP 1.0 driver promises on the Artemis of bin/brokers: subscriptions and shared
 * consumers, what completes a send (the broker's disposition, or nothing when settled), partial
 * acknowledgement batches delivered again, publish times, and subscriptions removed on close.
 */
class AmqpDeliveryIT {
    private static final int COUNT = 2_000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "'deliveryMode: persistent\nsendMode: async\ndurableSubscriptions: true\nackMode: auto\n'",
            "'deliveryMode: persistent\nsendMode: sync\ndurableSubscriptions: true\nackMode: dups_ok\n'",
            "'deliveryMode: non_persistent\nsettledSends: true\nsettledDeliveries: true\ndurableSubscriptions: false\n'",
    })
    void everySubscriptionGetsEveryMessageAndConsumersShareOne(String settings) throws Exception {
        String topic = LocalArtemis.topic();
        Inbox alone = new Inbox();
        Inbox first = new Inbox();
        Inbox second = new Inbox();
        try (AmqpBenchmarkDriver driver = LocalArtemis.driver(dir, settings)) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            String shared = LocalArtemis.subscription("shared");
            driver.createConsumer(topic, LocalArtemis.subscription("single"), alone).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, shared, first).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, shared, second).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, COUNT);

            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, alone), "received, and no more than sent");
            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, first, second), "received, and no more than sent");
            Messages.assertExactlyOnce(alone.payloads(), COUNT);
            List<byte[]> sharedPayloads = new ArrayList<>(first.payloads());
            sharedPayloads.addAll(second.payloads());
            Messages.assertExactlyOnce(sharedPayloads, COUNT);
            assertTrue(first.count() > 0 && second.count() > 0,
                    "both consumers of the shared subscription got messages: " + first.count() + " / " + second.count());
            assertEquals(IntStream.range(0, COUNT).boxed().toList(), Messages.ids(alone), "a single consumer sees publish order");
        }
    }

    /**
     * An unsettled send stays open while the broker is frozen (SIGSTOP): its future waits for the
     * disposition. A settled send has none to wait for and completes as soon as it is written.
     */
    @ParameterizedTest(name = "settledSends {0}")
    @CsvSource({"false", "true"})
    void anUnsettledSendWaitsForTheBrokerAndASettledOneDoesNot(boolean settled) throws Exception {
        String topic = LocalArtemis.topic();
        try (AmqpBenchmarkDriver driver = LocalArtemis.driver(dir, "settledSends: " + settled + "\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, LocalArtemis.subscription("answer"), new Inbox()).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 1);
            CompletableFuture<Void> send;
            LocalArtemis.signal("STOP");
            try {
                send = producer.sendAsync(Optional.empty(), Messages.payload(1));
                Thread.sleep(700);
                assertEquals(settled, send.isDone(), settled ? "a settled send is done when written"
                        : "no disposition from a frozen broker, so the send is still open");
            } finally {
                LocalArtemis.signal("CONT");
            }
            send.get(15, TimeUnit.SECONDS);
        }
    }

    @Test
    void aConsumerClosedEarlyLeavesItsUnacknowledgedBatchToTheNext() throws Exception {
        String topic = LocalArtemis.topic();
        String subscription = LocalArtemis.subscription("ack");
        try (AmqpBenchmarkDriver driver = LocalArtemis.driver(dir, "ackMode: client\nclientAckBatchSize: 100\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            Inbox early = new Inbox();
            BenchmarkConsumer consumer = driver.createConsumer(topic, subscription, early).get(30, TimeUnit.SECONDS);
            Messages.sendAll(driver.createProducer(topic).get(30, TimeUnit.SECONDS), 250);
            assertEquals(250, Inbox.awaitTotal(250, 30_000, early), "received, and no more than sent");
            consumer.close();

            Inbox next = new Inbox();
            driver.createConsumer(topic, subscription, next).get(30, TimeUnit.SECONDS);
            assertEquals(50, Inbox.awaitTotal(50, 30_000, next), "received, and no more than sent");
            assertEquals(IntStream.range(200, 250).boxed().toList(), Messages.ids(next),
                    "exactly the messages after the last acknowledged batch, in order");
        }
    }

    @Test
    void stampedPayloadsCarryTheirOwnTimeAndOthersGetTheProducers() throws Exception {
        String topic = LocalArtemis.topic();
        Inbox inbox = new Inbox();
        try (AmqpBenchmarkDriver driver = LocalArtemis.driver(dir, "")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, LocalArtemis.subscription("time"), inbox).get(30, TimeUnit.SECONDS);
            Messages.assertPublishTimes(driver.createProducer(topic).get(30, TimeUnit.SECONDS), inbox);
        }
    }

    /** Closing removes the durable subscriptions it consumed: what was sent meanwhile is gone with them. */
    @Test
    void closeRemovesTheDurableSubscriptions() throws Exception {
        String topic = LocalArtemis.topic();
        String subscription = LocalArtemis.subscription("gone");
        try (AmqpBenchmarkDriver driver = LocalArtemis.driver(dir, "")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, subscription, new Inbox()).get(30, TimeUnit.SECONDS).close();
            Messages.sendAll(driver.createProducer(topic).get(30, TimeUnit.SECONDS), 10);
        }
        Inbox later = new Inbox();
        try (AmqpBenchmarkDriver driver = LocalArtemis.driver(dir, "")) {
            driver.createConsumer(topic, subscription, later).get(30, TimeUnit.SECONDS);
            Thread.sleep(1_500);
            assertFalse(later.count() > 0, "a new subscription of the same name starts empty: " + later.count());
        }
    }
}
