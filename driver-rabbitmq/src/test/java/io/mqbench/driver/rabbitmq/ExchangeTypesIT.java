package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each exchange type routes as configured: to every subscription, or, with a key that does not match, nowhere. */
class ExchangeTypesIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} routing key {1} binding {2}: delivered {3}")
    @CsvSource({
        "fanout,  ,                ,          true",
        "direct,  ,                ,          true",
        "direct,  orders,          orders,    true",
        "direct,  orders,          invoices,  false",
        "topic,   ,                ,          true",
        "topic,   eu.orders.new,   eu.*.new,  true",
        "topic,   eu.orders.new,   us.#,      false",
        "headers, ,                ,          true",
        "headers, blue,            blue,      true",
        "headers, blue,            red,       false"
    })
    void routesToEverySubscriptionOrReturnsTheMessage(String type, String routingKey, String bindingKey,
                                                      boolean delivered) throws Exception {
        String settings = "exchangeType: " + type + "\n"
                + (routingKey == null ? "" : "routingKey: \"" + routingKey + "\"\n")
                + (bindingKey == null ? "" : "bindingKey: \"" + bindingKey + "\"\n");
        String topic = "mqbench-it-exchange-" + type + "-" + System.nanoTime();
        Inbox first = new Inbox();
        Inbox second = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, settings)) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "one", first).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "two", second).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            if (delivered) {
                Messages.sendAll(producer, 300, false);
                assertEquals(300, Inbox.awaitTotal(300, 30_000, first), "received, and no more than sent");
                assertEquals(300, Inbox.awaitTotal(300, 30_000, second), "received, and no more than sent");
                Messages.assertExactlyOnce(first.payloads(), 300);
                Messages.assertExactlyOnce(second.payloads(), 300);
            } else {
                ExecutionException e = assertThrows(ExecutionException.class,
                        () -> producer.sendAsync(Optional.empty(), Messages.payload(0)).get(10, TimeUnit.SECONDS));
                assertInstanceOf(ConfirmTracker.UnroutableException.class, e.getCause());
                assertTrue(e.getCause().getMessage().contains("NO_ROUTE"), e.getCause().getMessage());
                Thread.sleep(300);
                assertEquals(0, first.count() + second.count());
            }
        }
    }

    @Test
    void aTopicWithoutSubscriptionsReturnsEveryMessageAsAFailedSend() throws Exception {
        String topic = "mqbench-it-nobody-" + System.nanoTime();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> producer.sendAsync(Optional.empty(), Messages.payload(0)).get(10, TimeUnit.SECONDS));
            assertInstanceOf(ConfirmTracker.UnroutableException.class, e.getCause());
        }
    }

    @Test
    void partitionsAreQueuesAndAKeyStaysInOneOfThemInOrder() throws Exception {
        String topic = "mqbench-it-partitions-" + System.nanoTime();
        Inbox inbox = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "exchangeType: direct\n");
             com.rabbitmq.client.Connection inspector = LocalBroker.connect()) {
            driver.createTopic(topic, 4).get(30, TimeUnit.SECONDS);
            Inbox paused = new Inbox();
            var idle = driver.createConsumer(topic, "counted", paused).get(30, TimeUnit.SECONDS);
            ((io.mqbench.driver.api.PausableConsumer) idle).pause();
            driver.createConsumer(topic, "s", inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 1_600, true);
            assertEquals(1_600, Inbox.awaitTotal(1_600, 30_000, inbox), "received, and no more than sent");
            Messages.assertExactlyOnce(inbox.payloads(), 1_600);
            Messages.assertInOrderPerKey(inbox);
            // 16 keys over 4 partitions: each partition's queue holds exactly the messages of its keys.
            TopicLayout layout = new TopicLayout(topic, 4);
            List<String> queues = layout.queues("counted");
            long total = 0;
            for (int p = 0; p < 4; p++) {
                int partition = p;
                long expected = java.util.stream.IntStream.range(0, 1_600)
                        .filter(id -> layout.partitionFor(Optional.of(Messages.key(id)), 0) == partition).count();
                assertEquals(expected, LocalBroker.readyMessages(inspector, queues.get(p)), queues.get(p));
                total += expected;
            }
            assertEquals(1_600, total);
        }
    }
}
