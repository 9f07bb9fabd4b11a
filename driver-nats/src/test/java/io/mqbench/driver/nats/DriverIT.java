package io.mqbench.driver.nats;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The driver against the real nats-server of bin/brokers: what each mode promises, and what it leaves behind. */
class DriverIT {

    @Test
    void jetStreamDeliversEveryMessageOnceToEachSubscriptionSharedByItsConsumers() throws Exception {
        try (var run = new Run("jetstream")) {
            String topic = run.topic(3);
            Inbox a1 = run.consumer(topic, "sub-a");
            Inbox a2 = run.consumer(topic, "sub-a");
            Inbox b = run.consumer(topic, "sub-b");
            Messages.sendAll(run.producer(topic), 3_000, true);

            assertEquals(3_000, Inbox.awaitTotal(3_000, 30_000, 1_000, a1, a2), "sub-a's two consumers together");
            assertEquals(3_000, Inbox.awaitTotal(3_000, 30_000, 1_000, b));
            List<byte[]> shared = new ArrayList<>(a1.payloads());
            shared.addAll(a2.payloads());
            Messages.assertExactlyOnce(shared, 3_000);
            Messages.assertExactlyOnce(b.payloads(), 3_000);
            assertTrue(a1.count() > 0 && a2.count() > 0, "both consumers of sub-a got a share: " + a1.count() + " / " + a2.count());
            assertEquals(Duration.ofSeconds(30), run.driver.redeliveryHorizon(), "ackWaitMs, 30 s by default");
        }
    }

    @Test
    void aKeysMessagesStayInOrderOnItsPartition() throws Exception {
        try (var run = new Run("jetstream")) {
            String topic = run.topic(4);
            Inbox inbox = run.consumer(topic, "sub");
            Messages.sendAll(run.producer(topic), 2_000, true);
            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, inbox));
            Messages.assertInOrderPerKey(inbox);
        }
    }

    @Test
    void theConsumerReportsTheStampsSendTimeOrElseTheProducersHeader() throws Exception {
        for (String mode : List.of("jetstream", "core")) {
            try (var run = new Run(mode)) {
                String topic = run.topic(1);
                Inbox inbox = run.consumer(topic, "sub");
                Messages.assertPublishTimes(run.producer(topic), inbox);
            }
        }
    }

    @Test
    void withDeduplicateEveryPublishCarriesAMessageIdOfItsOwn() throws Exception {
        NatsSettings settings = NatsTesting.settings("jetstream");
        settings.deduplicate = true;
        NatsBenchmarkDriver driver = NatsTesting.driver(settings);
        try (var inspector = io.nats.client.Nats.connect(NatsTesting.URL)) {
            String topic = NatsTesting.randomTopic();
            driver.createTopic(topic, 1).get();
            Messages.sendAll(driver.createProducer(topic).get(), 3);
            List<String> ids = new ArrayList<>();
            for (long sequence = 1; sequence <= 3; sequence++) {
                ids.add(inspector.jetStreamManagement().getMessage(NatsNames.stream(topic), sequence)
                        .getHeaders().getFirst("Nats-Msg-Id"));
            }
            assertTrue(ids.get(0).matches("mqbench-nats-producer-[0-9a-z]+-[0-9a-z]+-\\d+-1"), ids.toString());
            assertEquals(3, ids.stream().distinct().count(), ids.toString());
            assertEquals("on: a message id per publish (Nats-Msg-Id)", driver.metadata().get("deduplicate"));
        } finally {
            driver.close();
        }
    }

    @Test
    void aPausedConsumerReceivesNothingUntilResumedAndThenEverything() throws Exception {
        try (var run = new Run("jetstream")) {
            String topic = run.topic(1);
            Inbox inbox = new Inbox();
            BenchmarkConsumer consumer = run.driver.createConsumer(topic, "sub", inbox).get();
            BenchmarkProducer producer = run.producer(topic);
            // the pull request still open when the pause comes expires first
            PauseCheck.nothingArrivesWhilePausedAndEverythingAfterResume(consumer, inbox, producer,
                    JetStreamConsumer.PULL_EXPIRES_MILLIS + 500);
        }
    }

    @Test
    void coreNatsSharesASubscriptionsMessagesInItsQueueGroup() throws Exception {
        try (var run = new Run("core")) {
            String topic = run.topic(2);
            Inbox a1 = run.consumer(topic, "sub-a");
            Inbox a2 = run.consumer(topic, "sub-a");
            Inbox b = run.consumer(topic, "sub-b");
            Messages.sendAll(run.producer(topic), 2_000);
            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, a1, a2));
            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, b));
            List<byte[]> shared = new ArrayList<>(a1.payloads());
            shared.addAll(a2.payloads());
            Messages.assertExactlyOnce(shared, 2_000);
            assertTrue(a1.count() > 0 && a2.count() > 0, "both members of the queue group got a share");
            assertEquals(Duration.ZERO, run.driver.redeliveryHorizon(), "core NATS never delivers again");
            assertTrue(run.driver.metadata().get("delivery").startsWith("at most once"), run.driver.metadata().toString());
        }
    }

    @Test
    void closeDeletesTheStreamsTheDriverCreatedAndOnlyThose() throws Exception {
        NatsBenchmarkDriver keeper = NatsTesting.driver(keeping());
        String kept = NatsTesting.randomTopic();
        keeper.createTopic(kept, 1).get();
        NatsBenchmarkDriver driver = NatsTesting.driver(NatsTesting.settings("jetstream"));
        String topic = NatsTesting.randomTopic();
        driver.createTopic(topic, 2).get();
        driver.createConsumer(topic, "sub", new Inbox()).get();
        assertTrue(NatsTesting.streamNames().contains(NatsNames.stream(topic)));
        driver.close();
        assertFalse(NatsTesting.streamNames().contains(NatsNames.stream(topic)), "deleted at close");
        keeper.close();
        assertTrue(NatsTesting.streamNames().contains(NatsNames.stream(kept)), "deleteStreamsOnClose: false keeps it");
        NatsBenchmarkDriver cleaner = NatsTesting.driver(NatsTesting.settings("jetstream"));
        try (var inspector = io.nats.client.Nats.connect(NatsTesting.URL)) {
            inspector.jetStreamManagement().deleteStream(NatsNames.stream(kept));
        } finally {
            cleaner.close();
        }
    }

    @Test
    void aSingleServerRefusesThreeReplicasInOneLineBeforeAnythingIsCreated() {
        NatsSettings settings = NatsTesting.settings("jetstream");
        settings.replicationFactor = 3;
        IOException error = assertThrows(IOException.class, () -> NatsTesting.driver(settings));
        assertEquals("replicationFactor is 3 but the NATS server at nats://127.0.0.1:4222 is not part of a cluster, so it"
                + " keeps one copy of a stream; set replicationFactor: 1 (upstream OMB's nats.yaml asks for 3)", error.getMessage());
    }

    @Test
    void anAddressWhereNothingListensFailsWithOneLineNamingIt() throws Exception {
        int freePort;
        try (ServerSocket socket = new ServerSocket(0)) {
            freePort = socket.getLocalPort();
        }
        NatsSettings settings = NatsTesting.settings("jetstream");
        settings.natsHostUrl = "127.0.0.1:" + freePort;
        IOException error = assertThrows(IOException.class, () -> NatsTesting.driver(settings));
        assertTrue(error.getMessage().startsWith("cannot connect to NATS at nats://127.0.0.1:" + freePort + ": "), error.getMessage());
        assertTrue(error.getMessage().endsWith("(is it running? bin/brokers start nats; check natsHostUrl)"), error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }

    private static NatsSettings keeping() {
        NatsSettings settings = NatsTesting.settings("jetstream");
        settings.deleteStreamsOnClose = false;
        return settings;
    }

    /** A driver and the topics it creates, closed (streams deleted) at the end. */
    private static final class Run extends DriverRun<NatsBenchmarkDriver> {
        Run(String mode) throws Exception {
            super(NatsTesting.driver(NatsTesting.settings(mode)), driver -> NatsTesting.randomTopic());
        }
    }
}
