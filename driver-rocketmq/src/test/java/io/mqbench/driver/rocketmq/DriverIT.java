package io.mqbench.driver.rocketmq;

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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;

/**
 * The driver against the real RocketMQ of bin/brokers (name server 127.0.0.1:9876, one broker):
 * what a send, a consumer group and a pause mean, and what the driver leaves behind. Like every IT
 * here it needs its broker started (bin/brokers start rocketmq); without it each test fails in one
 * line naming that command.
 */
class DriverIT {

    @Test
    void aMessageArrivesByteForByteWithItsKeyIndexedAndItsPublishTime() throws Exception {
        try (var run = new Run(RocketMqTesting.settings())) {
            String topic = run.topic(1);
            Inbox inbox = run.consumer(topic, group());
            byte[] payload = Messages.payload(42);
            String key = "key-" + UUID.randomUUID();
            long before = System.currentTimeMillis();
            run.producer(topic).sendAsync(Optional.of(key), payload).get(30, TimeUnit.SECONDS);

            assertEquals(1, Inbox.awaitTotal(1, 30_000, inbox));
            assertArrayEquals(payload, inbox.payloads().get(0), "at the driver's consumer, byte for byte");
            DefaultMQAdminExt admin = RocketMqTesting.admin();
            try {
                List<MessageExt> found = List.of();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (found.isEmpty() && System.nanoTime() < deadline) { // the key index is built just after the write
                    found = admin.queryMessage(topic, key, 10, before - 1_000, System.currentTimeMillis() + 1_000).getMessageList();
                    Thread.sleep(100);
                }
                assertEquals(1, found.size(), "the broker indexed the message under its key");
                assertArrayEquals(payload, found.get(0).getBody(), "on the broker, byte for byte");
            } finally {
                admin.shutdown();
            }
        }
        try (var run = new Run(RocketMqTesting.settings())) {
            String topic = run.topic(1);
            Inbox inbox = run.consumer(topic, group());
            Messages.assertPublishTimes(run.producer(topic), inbox);
        }
    }

    /**
     * Sends in rounds until the rebalance has given both members of the shared group queues (it
     * follows the broker's notice of a new member, within seconds; a consumer group's offsets, which
     * an earlier version waited for, appear only once something was consumed), then checks that each
     * group got every message once.
     */
    @Test
    void aGroupsConsumersSplitTheQueuesWhileEachGroupGetsEverything() throws Exception {
        try (var run = new Run(RocketMqTesting.settings())) {
            String topic = run.topic(4);
            String shared = group();
            Inbox a1 = run.consumer(topic, shared);
            Inbox a2 = run.consumer(topic, shared);
            Inbox b = run.consumer(topic, group());
            BenchmarkProducer producer = run.producer(topic);
            int sent = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while ((a1.count() == 0 || a2.count() == 0) && System.nanoTime() < deadline) {
                Messages.sendAll(producer, sent, sent + 200);
                sent += 200;
                Thread.sleep(500);
            }
            assertEquals(sent, Inbox.awaitTotal(sent, 30_000, 1_000, a1, a2), "the shared group's two consumers together");
            assertEquals(sent, Inbox.awaitTotal(sent, 30_000, 1_000, b));
            List<byte[]> both = new ArrayList<>(a1.payloads());
            both.addAll(a2.payloads());
            Messages.assertExactlyOnce(both, sent);
            Messages.assertExactlyOnce(b.payloads(), sent);
            assertTrue(a1.count() > 0 && a2.count() > 0, "both consumers of the group got queues: " + a1.count() + " / " + a2.count());
        }
    }

    /**
     * Sent one after another: RocketMQ keeps a queue in the order of sends that follow each other,
     * while sends in flight together may be stored in either order (the broker runs a connection's
     * sends on several threads, sendMessageThreadPoolNums: 2 here; seen in this test when they were
     * all sent at once).
     */
    @Test
    void orderlyConsumersKeepEachKeysMessagesInOrderOverFourQueues() throws Exception {
        try (var run = new Run(RocketMqTesting.orderly())) {
            String topic = run.topic(4);
            Inbox inbox = run.consumer(topic, group());
            BenchmarkProducer producer = run.producer(topic);
            for (int id = 0; id < 2_000; id++) {
                producer.sendAsync(Optional.of(Messages.key(id)), Messages.payload(id)).get(30, TimeUnit.SECONDS);
            }
            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, inbox));
            Messages.assertExactlyOnce(inbox.payloads(), 2_000);
            Messages.assertInOrderPerKey(inbox);
        }
    }

    @Test
    void aPausedConsumerReceivesNothingUntilResumedAndThenEverything() throws Exception {
        try (var run = new Run(RocketMqTesting.settings())) {
            String topic = run.topic(1);
            Inbox inbox = new Inbox();
            BenchmarkConsumer consumer = run.driver.createConsumer(topic, group(), inbox).get();
            BenchmarkProducer producer = run.producer(topic);
            // a batch handed over just before the pause still arrives
            PauseCheck.nothingArrivesWhilePausedAndEverythingAfterResume(consumer, inbox, producer, 300);
        }
    }

    @Test
    void closeDeletesTheTopicsGroupsAndRetryTopicsUnlessToldToKeepThem() throws Exception {
        Set<String> before = RocketMqTesting.driverTopics();
        RocketMqBenchmarkDriver driver = RocketMqTesting.driver(RocketMqTesting.settings());
        String single = RocketMqTesting.randomTopic(driver);
        String four = RocketMqTesting.randomTopic(driver);
        String group = group();
        driver.createTopic(single, 1).get();
        driver.createTopic(four, 4).get();
        Inbox inbox = new Inbox();
        driver.createConsumer(four, group, inbox).get();
        Messages.sendAll(driver.createProducer(four).get(), 10);
        assertEquals(10, Inbox.awaitTotal(10, 30_000, inbox));
        Set<String> during = RocketMqTesting.driverTopics();
        assertTrue(during.containsAll(List.of(single, four)), during.toString());
        driver.close();
        assertEquals(before, RocketMqTesting.driverTopics(), "topics and the group's retry topic deleted at close");
        DefaultMQAdminExt admin = RocketMqTesting.admin();
        try {
            String master = admin.examineBrokerClusterInfo().getBrokerAddrTable().values().iterator().next().selectBrokerAddr();
            assertFalse(admin.getAllSubscriptionGroup(master, 5_000).getSubscriptionGroupTable().containsKey(group), "group deleted");
        } finally {
            admin.shutdown();
        }

        RocketMqSettings keeping = RocketMqTesting.settings();
        keeping.deleteTopicsOnClose = false;
        RocketMqBenchmarkDriver keeper = RocketMqTesting.driver(keeping);
        String kept = RocketMqTesting.randomTopic(keeper);
        keeper.createTopic(kept, 1).get();
        keeper.close();
        admin = RocketMqTesting.admin();
        try {
            assertTrue(RocketMqTesting.driverTopics().contains(kept), "deleteTopicsOnClose: false keeps it");
            admin.deleteTopic(kept, "DefaultCluster");
        } finally {
            admin.shutdown();
        }
    }

    @Test
    void anAddressWhereNothingListensOrAWrongClusterFailsAtOnceInOneLine() throws Exception {
        int freePort;
        try (ServerSocket socket = new ServerSocket(0)) {
            freePort = socket.getLocalPort();
        }
        RocketMqSettings nowhere = RocketMqTesting.settings();
        nowhere.namesrvAddr = "127.0.0.1:" + freePort;
        long start = System.nanoTime();
        IOException error = assertThrows(IOException.class, () -> RocketMqTesting.driver(nowhere));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 2_000, "failed after " + millis + " ms");
        assertTrue(error.getMessage().startsWith("cannot reach RocketMQ's name server at 127.0.0.1:" + freePort + ": "), error.getMessage());
        assertTrue(error.getMessage().endsWith("(is it running? bin/brokers start rocketmq; check namesrvAddr)"), error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());

        RocketMqSettings wrongCluster = RocketMqTesting.settings();
        wrongCluster.clusterName = "benchmark";
        error = assertThrows(IOException.class, () -> RocketMqTesting.driver(wrongCluster));
        assertEquals("clusterName is 'benchmark' but the name server at 127.0.0.1:9876 knows the cluster(s) [DefaultCluster];"
                + " set clusterName: DefaultCluster", error.getMessage());
    }

    @Test
    void metadataNamesTheBrokerItsFlushAndTheConsumeMode() throws Exception {
        try (var run = new Run(RocketMqTesting.orderly())) {
            Map<String, String> facts = run.driver.metadata();
            assertEquals("rocketmq-client 5.3.3", facts.get("clientLibrary"));
            assertTrue(facts.get("brokerVersion").startsWith("V5_3_3"), facts.toString());
            assertEquals("ASYNC_FLUSH", facts.get("brokerFlushDiskType"), facts.toString());
            assertTrue(facts.get("delivery").startsWith("at least once: a send is confirmed when the master broker stored it (in"
                    + " the page cache"), facts.get("delivery"));
            assertEquals("orderly (one queue at a time, in order)", facts.get("consumeMode"));
            assertEquals(List.of("127.0.0.1:10911"), run.driver.masters());
        }
    }

    /** A consumer group of this test run (OMB's subscription names are random too). */
    private static String group() {
        return "mqbench-it-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A driver and the topics it creates, closed (topics and groups deleted) at the end. */
    private static final class Run extends DriverRun<RocketMqBenchmarkDriver> {
        Run(RocketMqSettings settings) throws Exception {
            super(RocketMqTesting.driver(settings), RocketMqTesting::randomTopic);
        }
    }
}
