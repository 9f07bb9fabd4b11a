package io.mqbench.driver.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Files;
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
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the AMQP 1.0 driver promises, on both brokers of bin/brokers that speak it (Artemis with JMS
 * addressing, RabbitMQ 3.10's plugin with RabbitMQ addressing): subscriptions and shared
 * consumers, what completes a send (the broker's disposition, or nothing when settled), partial
 * acknowledgement batches delivered again, publish times, and subscriptions removed on close.
 */
class AmqpDeliveryIT {
    private static final int COUNT = 2_000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
            "ARTEMIS, 'deliveryMode: persistent\nsendMode: async\ndurableSubscriptions: true\nackMode: auto\n'",
            "ARTEMIS, 'deliveryMode: persistent\nsendMode: sync\ndurableSubscriptions: true\nackMode: dups_ok\n'",
            "ARTEMIS, 'deliveryMode: non_persistent\nsettledSends: true\nsettledDeliveries: true\ndurableSubscriptions: false\n'",
            "RABBITMQ, 'deliveryMode: persistent\nsendMode: async\ndurableSubscriptions: true\nackMode: auto\n'",
            "RABBITMQ, 'deliveryMode: persistent\nsendMode: sync\ndurableSubscriptions: true\nackMode: dups_ok\n'",
            "RABBITMQ, 'deliveryMode: non_persistent\nsettledSends: true\nsettledDeliveries: true\ndurableSubscriptions: false\n'",
    })
    void everySubscriptionGetsEveryMessageAndConsumersShareOne(AmqpBroker broker, String settings) throws Exception {
        String topic = AmqpBroker.topic();
        Inbox alone = new Inbox();
        Inbox first = new Inbox();
        Inbox second = new Inbox();
        try (AmqpBenchmarkDriver driver = broker.driver(dir, settings)) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            String shared = AmqpBroker.subscription("shared");
            driver.createConsumer(topic, AmqpBroker.subscription("single"), alone).get(30, TimeUnit.SECONDS);
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
    @ParameterizedTest(name = "{0}: settledSends {1}")
    @CsvSource({"ARTEMIS, false", "ARTEMIS, true", "RABBITMQ, false", "RABBITMQ, true"})
    void anUnsettledSendWaitsForTheBrokerAndASettledOneDoesNot(AmqpBroker broker, boolean settled) throws Exception {
        String topic = AmqpBroker.topic();
        try (AmqpBenchmarkDriver driver = broker.driver(dir, "settledSends: " + settled + "\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, AmqpBroker.subscription("answer"), new Inbox()).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 1);
            CompletableFuture<Void> send;
            broker.signal("STOP");
            try {
                send = producer.sendAsync(Optional.empty(), Messages.payload(1));
                Thread.sleep(700);
                assertEquals(settled, send.isDone(), settled ? "a settled send is done when written"
                        : "no disposition from a frozen broker, so the send is still open");
            } finally {
                broker.signal("CONT");
            }
            send.get(15, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @EnumSource(AmqpBroker.class)
    void aConsumerClosedEarlyLeavesItsUnacknowledgedBatchToTheNext(AmqpBroker broker) throws Exception {
        String topic = AmqpBroker.topic();
        String subscription = AmqpBroker.subscription("ack");
        try (AmqpBenchmarkDriver driver = broker.driver(dir, "ackMode: client\nclientAckBatchSize: 100\n")) {
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

    @ParameterizedTest
    @EnumSource(AmqpBroker.class)
    void stampedPayloadsCarryTheirOwnTimeAndOthersGetTheProducers(AmqpBroker broker) throws Exception {
        String topic = AmqpBroker.topic();
        Inbox inbox = new Inbox();
        try (AmqpBenchmarkDriver driver = broker.driver(dir, "")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, AmqpBroker.subscription("time"), inbox).get(30, TimeUnit.SECONDS);
            Messages.assertPublishTimes(driver.createProducer(topic).get(30, TimeUnit.SECONDS), inbox);
        }
    }

    /** RabbitMQ 3.x with JMS addressing: the consumer fails with Qpid's reason and the setting that fixes it. */
    @Test
    void jmsAddressingOnRabbitMqSaysWhichAddressingToUse() throws Exception {
        Path file = dir.resolve("rabbitmq-with-jms-addressing.yaml");
        Files.writeString(file, "name: AMQP-IT\ndriverClass: io.mqbench.driver.amqp.AmqpBenchmarkDriver\n"
                + "brokerUrl: amqp://127.0.0.1:5672\nuser: guest\npassword: guest\naddressing: jms\n");
        try (AmqpBenchmarkDriver driver = new AmqpBenchmarkDriver()) {
            driver.initialize(file.toFile(), null);
            String topic = AmqpBroker.topic();
            Exception failed = assertThrows(Exception.class,
                    () -> driver.createConsumer(topic, AmqpBroker.subscription("jms"), new Inbox()).get(30, TimeUnit.SECONDS));
            assertTrue(failed.getMessage().contains("does not support shared subscriptions")
                    && failed.getMessage().contains("set addressing: rabbitmq"), failed.getMessage());
        }
    }

    /** A durable subscription keeps what is sent while none of its consumers is connected. */
    @ParameterizedTest
    @EnumSource(AmqpBroker.class)
    void aDurableSubscriptionKeepsMessagesWhileNoConsumerIsConnected(AmqpBroker broker) throws Exception {
        String topic = AmqpBroker.topic();
        String subscription = AmqpBroker.subscription("kept");
        try (AmqpBenchmarkDriver driver = broker.driver(dir, "durableSubscriptions: true\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, subscription, new Inbox()).get(30, TimeUnit.SECONDS).close();
            Messages.sendAll(driver.createProducer(topic).get(30, TimeUnit.SECONDS), 100);
            Inbox later = new Inbox();
            driver.createConsumer(topic, subscription, later).get(30, TimeUnit.SECONDS);
            assertEquals(100, Inbox.awaitTotal(100, 30_000, later), "received, and no more than sent");
            assertEquals(IntStream.range(0, 100).boxed().toList(), Messages.ids(later), "all of them, in order");
        }
    }

    /** A driver that closes leaves alone a subscription another worker's driver still consumes. */
    @ParameterizedTest
    @EnumSource(AmqpBroker.class)
    void closingOneDriverLeavesASubscriptionStillConsumedByAnother(AmqpBroker broker) throws Exception {
        String topic = AmqpBroker.topic();
        String subscription = AmqpBroker.subscription("shared-run");
        Inbox remaining = new Inbox();
        try (AmqpBenchmarkDriver other = broker.driver(dir, "")) {
            try (AmqpBenchmarkDriver closing = broker.driver(dir, "")) {
                closing.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
                closing.createConsumer(topic, subscription, new Inbox()).get(30, TimeUnit.SECONDS);
                other.createConsumer(topic, subscription, remaining).get(30, TimeUnit.SECONDS);
            }
            Messages.sendAll(other.createProducer(topic).get(30, TimeUnit.SECONDS), 100);
            assertEquals(100, Inbox.awaitTotal(100, 30_000, remaining), "received, and no more than sent");
        }
    }

    /** Closing removes the durable subscriptions it consumed: what was sent meanwhile is gone with them. */
    @ParameterizedTest
    @EnumSource(AmqpBroker.class)
    void closeRemovesTheDurableSubscriptions(AmqpBroker broker) throws Exception {
        String topic = AmqpBroker.topic();
        String subscription = AmqpBroker.subscription("gone");
        try (AmqpBenchmarkDriver driver = broker.driver(dir, "")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, subscription, new Inbox()).get(30, TimeUnit.SECONDS).close();
            Messages.sendAll(driver.createProducer(topic).get(30, TimeUnit.SECONDS), 10);
        }
        Inbox later = new Inbox();
        try (AmqpBenchmarkDriver driver = broker.driver(dir, "")) {
            driver.createConsumer(topic, subscription, later).get(30, TimeUnit.SECONDS);
            Thread.sleep(1_500);
            assertFalse(later.count() > 0, "a new subscription of the same name starts empty: " + later.count());
        }
    }
}
