package io.mqbench.driver.artemis;

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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 7's check: 5 000 messages, 2 subscriptions, 2 consumers in one. Every subscription gets
 * every message exactly once, byte for byte; the consumers of the shared one split them; the
 * single consumer sees publish order; the subscriptions are gone after close.
 */
class SubscriptionsIT {
    private static final int COUNT = 5_000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}, {1}, durable subscriptions {2}, ackMode {3}, clientApi {4}")
    @CsvSource({
            "persistent, async, true, auto, jms",
            "persistent, sync, true, client, jms",
            "non_persistent, async, false, dups_ok, jms",
            "persistent, async, true, transacted, jms",
            "persistent, async, true, dups_ok, core",
            "persistent, sync, true, client, core",
            "non_persistent, async, false, auto, core",
    })
    void everySubscriptionGetsEveryMessageAndConsumersShareOne(String deliveryMode, String sendMode,
                                                               boolean durable, String ackMode, String clientApi)
            throws Exception {
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi + "\ndeliveryMode: " + deliveryMode
                + "\nsendMode: " + sendMode + "\ndurableSubscriptions: " + durable + "\nackMode: " + ackMode + "\n");
        String topic = LocalBroker.topic();
        String single = LocalBroker.subscription("single");
        String shared = LocalBroker.subscription("shared");
        Inbox alone = new Inbox();
        Inbox first = new Inbox();
        Inbox second = new Inbox();
        long before = System.currentTimeMillis();
        try (BrokerConsole console = new BrokerConsole()) {
            try {
                driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
                assertTrue(console.addressExists(topic));
                List<BenchmarkConsumer> consumers = new ArrayList<>();
                consumers.add(driver.createConsumer(topic, single, alone).get(30, TimeUnit.SECONDS));
                consumers.add(driver.createConsumer(topic, shared, first).get(30, TimeUnit.SECONDS));
                consumers.add(driver.createConsumer(topic, shared, second).get(30, TimeUnit.SECONDS));
                assertEquals(2, console.queue(driver.subscriptionQueue(shared)).consumers(),
                        "one queue for the shared subscription, with both consumers");
                BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);

                Messages.sendAll(producer, COUNT);
                long after = System.currentTimeMillis();

                assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, alone), "received, and no more than sent");
                assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, first, second), "received, and no more than sent");
                Messages.assertExactlyOnce(alone.payloads(), COUNT);
                List<byte[]> sharedPayloads = new ArrayList<>(first.payloads());
                sharedPayloads.addAll(second.payloads());
                Messages.assertExactlyOnce(sharedPayloads, COUNT);
                assertTrue(first.count() > 0 && second.count() > 0,
                        "both consumers of the shared subscription got messages: " + first.count() + " / "
                                + second.count());
                List<Integer> order = Messages.ids(alone);
                for (int i = 0; i < COUNT; i++) {
                    assertEquals(i, order.get(i), "a single consumer sees publish order");
                }
                for (long stamp : alone.publishTimestamps()) {
                    assertTrue(stamp >= before && stamp <= after, "producer timestamp " + stamp);
                }
            } finally {
                driver.close();
            }
            assertFalse(console.queue(driver.subscriptionQueue(single)).exists(), "subscription deleted on close");
            assertFalse(console.queue(driver.subscriptionQueue(shared)).exists(), "subscription deleted on close");
            assertFalse(console.addressExists(topic), "address deleted on close");
        }
    }
}
