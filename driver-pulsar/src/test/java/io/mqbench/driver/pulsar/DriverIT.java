package io.mqbench.driver.pulsar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.DriverRun;
import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.mqbench.testing.PauseCheck;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.SubscriptionInitialPosition;
import org.junit.jupiter.api.Test;

/**
 * The driver against the real Pulsar standalone of bin/brokers (127.0.0.1:6650, admin on 8088):
 * what a send, a subscription and a pause mean, and what the driver leaves behind. Like every IT
 * here it needs its broker started (bin/brokers start pulsar); without it each test fails in one
 * line naming that command.
 */
class DriverIT {

    @Test
    void aMessageArrivesByteForByteWithItsKeyAndItsPublishTime() throws Exception {
        try (var run = new Run(PulsarTesting.settings());
             PulsarClient client = PulsarClient.builder().serviceUrl(PulsarTesting.SERVICE_URL).build()) {
            String topic = run.topic(1);
            Inbox inbox = run.consumer(topic, "sub");
            try (Consumer<byte[]> raw = client.newConsumer().topic(topic).subscriptionName("inspector")
                    .subscriptionInitialPosition(SubscriptionInitialPosition.Earliest).subscribe()) {
                BenchmarkProducer producer = run.producer(topic);
                byte[] payload = Messages.payload(42);
                producer.sendAsync(Optional.of("the-key"), payload).get(30, TimeUnit.SECONDS);

                Message<byte[]> seen = raw.receive(30, TimeUnit.SECONDS);
                assertArrayEquals(payload, seen.getData(), "on the server, byte for byte");
                assertEquals("the-key", seen.getKey(), "the benchmark key is the message key");
                assertEquals(1, Inbox.awaitTotal(1, 30_000, inbox));
                assertArrayEquals(payload, inbox.payloads().get(0), "at the driver's consumer, byte for byte");
            }
        }
        try (var run = new Run(PulsarTesting.settings())) {
            String topic = run.topic(1);
            Inbox inbox = run.consumer(topic, "sub");
            Messages.assertPublishTimes(run.producer(topic), inbox);
        }
    }

    @Test
    void aSharedSubscriptionSplitsItsMessagesWhileEachSubscriptionGetsThemAll() throws Exception {
        PulsarSettings unbatched = PulsarTesting.settings("Shared");
        // A Shared subscription hands out entries, and a batch is one entry: 2,000 small messages
        // sent at once can fit in one batch, which one consumer then gets whole (seen in CI: 2000 / 0).
        // Without batching each message is an entry of its own, and the split is the broker's.
        unbatched.producer.batchingEnabled = false;
        try (var run = new Run(unbatched)) {
            String topic = run.topic(1);
            Inbox a1 = run.consumer(topic, "sub-a");
            Inbox a2 = run.consumer(topic, "sub-a");
            Inbox b = run.consumer(topic, "sub-b");
            // The broker shares among the consumers that have asked for messages: on a busy machine
            // the second one's first request came after all 2,000 had gone to the first (seen in CI).
            awaitConsumersReady(topic, "sub-a", 2);
            Messages.sendAll(run.producer(topic), 2_000);

            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, a1, a2), "sub-a's two consumers together");
            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, b));
            List<byte[]> shared = new ArrayList<>(a1.payloads());
            shared.addAll(a2.payloads());
            Messages.assertExactlyOnce(shared, 2_000);
            Messages.assertExactlyOnce(b.payloads(), 2_000);
            assertTrue(a1.count() > 0 && a2.count() > 0, "both consumers of sub-a got a share: " + a1.count() + " / " + a2.count());
            assertEquals("Shared", run.driver.metadata().get("subscriptionType"));
        }
    }

    /** Waits until the broker sees {@code count} consumers on the subscription, each with room for messages. */
    private static void awaitConsumersReady(String topic, String subscription, int count) throws Exception {
        try (PulsarAdmin admin = PulsarTesting.admin()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (true) {
                var stats = admin.topics().getStats(topic).getSubscriptions().get(subscription);
                long ready = stats == null ? 0 : stats.getConsumers().stream().filter(c -> c.getAvailablePermits() > 0).count();
                if (ready >= count) {
                    return;
                }
                assertTrue(System.nanoTime() < deadline, count + " consumers of " + subscription + " ready in 15 s; " + ready + " were");
                Thread.sleep(50);
            }
        }
    }

    @Test
    void aTopicOfFourPartitionsIsPartitionedAndAKeysMessagesStayInOrder() throws Exception {
        try (var run = new Run(PulsarTesting.settings());
             PulsarAdmin admin = PulsarTesting.admin()) {
            String topic = run.topic(4);
            assertEquals(4, admin.topics().getPartitionedTopicMetadata(topic).partitions);
            Inbox inbox = run.consumer(topic, "sub");
            Messages.sendAll(run.producer(topic), 2_000, true);
            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, inbox));
            Messages.assertExactlyOnce(inbox.payloads(), 2_000);
            Messages.assertInOrderPerKey(inbox);
        }
    }

    @Test
    void aPausedConsumerReceivesNothingUntilResumedAndThenEverything() throws Exception {
        try (var run = new Run(PulsarTesting.settings())) {
            String topic = run.topic(1);
            Inbox inbox = new Inbox();
            BenchmarkConsumer consumer = run.driver.createConsumer(topic, "sub", inbox).get();
            BenchmarkProducer producer = run.producer(topic);
            // a message taken just before the pause is still handed over
            PauseCheck.nothingArrivesWhilePausedAndEverythingAfterResume(consumer, inbox, producer, 300);
        }
    }

    @Test
    void closeDeletesTheTopicsAndTheNamespaceUnlessToldToKeepThem() throws Exception {
        PulsarBenchmarkDriver driver = PulsarTesting.driver(PulsarTesting.settings());
        String namespace = driver.namespace();
        String single = PulsarTesting.randomTopic(driver);
        String partitioned = PulsarTesting.randomTopic(driver);
        driver.createTopic(single, 1).get();
        driver.createTopic(partitioned, 3).get();
        driver.createConsumer(partitioned, "sub", new Inbox()).get();
        Messages.sendAll(driver.createProducer(single).get(), 10);
        assertTrue(PulsarTesting.namespaces("mqbench").contains(namespace), namespace);
        driver.close();
        assertFalse(PulsarTesting.namespaces("mqbench").contains(namespace), "deleted at close with its topics");

        PulsarSettings keeping = PulsarTesting.settings();
        keeping.deleteNamespaceOnClose = false;
        PulsarBenchmarkDriver keeper = PulsarTesting.driver(keeping);
        String kept = keeper.namespace();
        keeper.createTopic(PulsarTesting.randomTopic(keeper), 1).get();
        keeper.close();
        try (PulsarAdmin admin = PulsarTesting.admin()) {
            assertTrue(admin.namespaces().getNamespaces("mqbench").contains(kept), "deleteNamespaceOnClose: false keeps it");
            for (String topic : admin.topics().getList(kept)) {
                admin.topics().delete(topic, true);
            }
            admin.namespaces().deleteNamespace(kept);
        }
    }

    @Test
    void anAddressWhereNothingListensFailsAtOnceWithOneLineNamingIt() throws Exception {
        int freePort;
        try (ServerSocket socket = new ServerSocket(0)) {
            freePort = socket.getLocalPort();
        }
        PulsarSettings settings = PulsarTesting.settings();
        settings.client.httpUrl = "http://127.0.0.1:" + freePort;
        long start = System.nanoTime();
        IOException error = assertThrows(IOException.class, () -> PulsarTesting.driver(settings));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, "failed after " + millis + " ms");
        assertTrue(error.getMessage().startsWith("cannot reach Pulsar's admin API at http://127.0.0.1:" + freePort + ": "), error.getMessage());
        assertTrue(error.getMessage().endsWith("(is it running? bin/brokers start pulsar; check client.httpUrl)"), error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());

        PulsarSettings wrongBinary = PulsarTesting.settings();
        wrongBinary.client.serviceUrl = "pulsar://127.0.0.1:" + freePort;
        start = System.nanoTime();
        error = assertThrows(IOException.class, () -> PulsarTesting.driver(wrongBinary));
        millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 2_000, "a refused connection is not retried until the client's timeout: failed after " + millis + " ms");
        assertTrue(error.getMessage().startsWith("cannot connect to Pulsar at pulsar://127.0.0.1:" + freePort + ": "), error.getMessage());
        assertTrue(error.getMessage().endsWith("(is it running? bin/brokers start pulsar; check client.serviceUrl)"), error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }

    /** Upstream OMB's pulsar.yaml names cluster "local" and three bookies; against the standalone each is one line. */
    @Test
    void upstreamsClusterAndQuorumsAreRefusedInOneLineBeforeAnythingIsCreated() throws Exception {
        List<String> before = PulsarTesting.namespaces("mqbench");
        PulsarSettings local = PulsarTesting.settings();
        local.client.clusterName = "local";
        IOException error = assertThrows(IOException.class, () -> PulsarTesting.driver(local));
        assertEquals("client.clusterName is 'local' but the Pulsar service at http://127.0.0.1:8088 has the cluster(s)"
                + " [standalone]; set clusterName: standalone (upstream OMB's pulsar.yaml says local)", error.getMessage());

        PulsarSettings three = PulsarTesting.settings();
        three.client.persistence.ensembleSize = 3;
        three.client.persistence.writeQuorum = 3;
        three.client.persistence.ackQuorum = 2;
        error = assertThrows(IOException.class, () -> PulsarTesting.driver(three));
        assertEquals("client.persistence.ensembleSize is 3 but the Pulsar service at http://127.0.0.1:8088 has 1 bookie;"
                + " set ensembleSize, writeQuorum and ackQuorum to at most 1 (upstream OMB's pulsar.yaml asks for 3, 3, 2)",
                error.getMessage());
        assertEquals(before, PulsarTesting.namespaces("mqbench"), "no namespace left behind");
    }

    /** A driver and the topics it creates, closed (namespace deleted) at the end. */
    private static final class Run extends DriverRun<PulsarBenchmarkDriver> {
        Run(PulsarSettings settings) throws Exception {
            super(PulsarTesting.driver(settings), PulsarTesting::randomTopic);
        }
    }
}
