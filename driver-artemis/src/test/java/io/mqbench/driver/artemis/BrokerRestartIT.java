package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.LocalBrokers;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7: persistent messages survive a broker restart between send and receive, transient ones
 * do not; and with reconnectAttempts in the URL a running driver carries on after a restart.
 * Stops and starts this module's broker (artemis) with bin/brokers, and leaves it running.
 */
class BrokerRestartIT {
    private static final int EACH = 1_000;

    @TempDir
    Path dir;

    @Test
    void persistentMessagesSurviveARestartAndTransientOnesDoNot() throws Exception {
        String topic = LocalBroker.topic();
        String subscription = LocalBroker.subscription("restart");
        String keep = "deleteTopologyOnClose: false\n";
        ArtemisBenchmarkDriver persistent = LocalBroker.driver(dir, "deliveryMode: persistent\n" + keep);
        ArtemisBenchmarkDriver transientSender = LocalBroker.driver(dir, "deliveryMode: non_persistent\n" + keep);
        String queue = persistent.subscriptionQueue(subscription);
        BenchmarkProducer producer;
        try (BrokerConsole console = new BrokerConsole()) {
            persistent.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            // The durable subscription exists from here on and keeps what arrives while nobody consumes.
            persistent.createConsumer(topic, subscription, new Inbox()).get(30, TimeUnit.SECONDS).close();
            producer = persistent.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 0, EACH, false);
            Messages.sendAll(transientSender.createProducer(topic).get(30, TimeUnit.SECONDS), EACH, 2 * EACH, false);
            assertEquals(2 * EACH, console.queue(queue).messages(), "both kinds wait in the subscription");
        }

        LocalBrokers.run("stop", "artemis");
        try {
            CompletableFuture<Void> whileDown = producer.sendAsync(Optional.empty(), Messages.payload(0));
            ExecutionException failure = assertThrows(ExecutionException.class,
                    () -> whileDown.get(15, TimeUnit.SECONDS), "a send to a stopped broker fails, and promptly");
            assertTrue(failure.getCause().getMessage() != null, "with a reason");
            long closing = System.nanoTime();
            persistent.close();
            transientSender.close();
            assertTrue(System.nanoTime() - closing < TimeUnit.SECONDS.toNanos(20), "close does not hang");
        } finally {
            LocalBrokers.run("start", "artemis");
        }

        ArtemisBenchmarkDriver reader = LocalBroker.driver(dir, "");
        try (BrokerConsole console = new BrokerConsole()) {
            reader.createTopic(topic, 1).get(30, TimeUnit.SECONDS); // exists; now this driver deletes it on close
            assertEquals(EACH, console.queue(queue).messages(), "only the persistent messages are still there");
            Inbox inbox = new Inbox();
            reader.createConsumer(topic, subscription, inbox).get(30, TimeUnit.SECONDS);
            assertEquals(EACH, Inbox.awaitTotal(EACH, 30_000, inbox), "received, and no more than sent");
            assertEquals(IntStream.range(0, EACH).boxed().toList(), Messages.ids(inbox), "every persistent message, in order");
            Messages.assertExactlyOnce(inbox.payloads(), EACH);
        } finally {
            reader.close();
        }
    }

    @ParameterizedTest(name = "clientApi {0}")
    @ValueSource(strings = {"jms", "core"})
    void withReconnectAttemptsARunningDriverCarriesOnAfterARestart(String clientApi) throws Exception {
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi + "\nbrokerAddress: "
                + LocalBroker.ADDRESS + "?reconnectAttempts=-1&retryInterval=200\ndeliveryMode: persistent\n");
        try {
            String topic = LocalBroker.topic();
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            Inbox inbox = new Inbox();
            driver.createConsumer(topic, LocalBroker.subscription("reconnect"), inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 0, 100, false);
            assertEquals(100, Inbox.awaitTotal(100, 30_000, inbox), "received, and no more than sent");

            LocalBrokers.run("stop", "artemis");
            try {
                CompletableFuture<Void> whileDown = producer.sendAsync(Optional.empty(), Messages.payload(100));
                assertThrows(ExecutionException.class, () -> whileDown.get(15, TimeUnit.SECONDS),
                        "while the client reconnects, a send fails instead of blocking the sender");
            } finally {
                LocalBrokers.run("start", "artemis");
            }
            awaitSendsWork(producer);
            Messages.sendAll(producer, 1_000, 1_100, false);
            long deadline = System.currentTimeMillis() + 30_000;
            while (afterRestart(inbox) < 100 && System.currentTimeMillis() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(IntStream.range(1_000, 1_100).boxed().toList(),
                    Messages.ids(inbox).stream().filter(id -> id >= 1_000).toList(),
                    "the same consumer gets what the same producer sent after the restart, once, in order");
        } finally {
            driver.close();
        }
    }

    /** Sends probe message 999 until one succeeds: the client has reconnected and recreated its sessions. */
    private static void awaitSendsWork(BenchmarkProducer producer) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            try {
                producer.sendAsync(Optional.empty(), Messages.payload(999)).get(10, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                if (System.currentTimeMillis() > deadline) {
                    throw new AssertionError("no successful send within 60 s of the restart", e.getCause());
                }
                Thread.sleep(200);
            }
        }
    }

    private static long afterRestart(Inbox inbox) {
        return Messages.ids(inbox).stream().filter(id -> id >= 1_000).count();
    }
}
