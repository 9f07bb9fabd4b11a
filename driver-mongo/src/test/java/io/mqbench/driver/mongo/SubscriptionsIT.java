package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check over the real wire protocol: 5 000 messages, 2 subscriptions, 2 consumers in
 * one. Every subscription gets every message; the consumers of one subscription share them
 * without ever holding the same message.
 */
class SubscriptionsIT {
    private static final int COUNT = 5_000 / LocalMongo.LOAD_DIVISOR;
    private static final int MANY = 1_000 / LocalMongo.LOAD_DIVISOR;
    /** This class's own database, dropped after its last test. */
    @RegisterExtension
    static final LocalMongo mongo = new LocalMongo();

    @TempDir
    Path dir;

    @Test
    void everySubscriptionGetsEveryMessageAndItsConsumersShareThem() throws Exception {
        String topic = LocalMongo.topic();
        Inbox solo = new Inbox();
        Inbox sharedA = new Inbox();
        Inbox sharedB = new Inbox();
        long sentFrom;
        long sentUntil;
        MongoProducer producer;
        try (MongoBenchmarkDriver driver = mongo.driver(dir,
                // claimOrder any, as mongo-local.yaml: the server here sorts each claim in memory,
                // which makes a fifo claim on a 5 000-message backlog cost milliseconds. The claim's
                // atomicity, which this test is about, is the same either way; fifo is tested with
                // the smaller backlog below and in ConsumerControlIT.
                "receiveBatch: 10\ninsertBatch: 100\nclaimOrder: any\n")) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-solo", solo).get();
            driver.createConsumer(topic, "sub-shared", sharedA).get();
            driver.createConsumer(topic, "sub-shared", sharedB).get();
            producer = (MongoProducer) driver.createProducer(topic).get();

            sentFrom = System.currentTimeMillis();
            Messages.sendAll(producer, 0, COUNT);
            sentUntil = System.currentTimeMillis();

            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 60_000, solo), "received, and no more than sent");
            awaitShared(COUNT, topic, "sub-shared", sharedA, sharedB);
            assertEquals(0, mongo.queued(topic, "sub-solo"), "every message acknowledged (deleted)");
            assertEquals(0, mongo.queued(topic, "sub-shared"), "every message acknowledged (deleted)");
            assertTrue(mongo.collections().contains(topic + ".subscriptions"));
        }

        Messages.assertExactlyOnce(solo.payloads(), COUNT);
        List<byte[]> shared = new ArrayList<>(sharedA.payloads());
        shared.addAll(sharedB.payloads());
        // Each message of the shared subscription reached exactly one of its consumers: had both
        // held one, it would be here twice (its 30 s lease cannot have expired in this test).
        assertSharedDelivery(shared, COUNT);
        assertTrue(sharedA.count() > 0 && sharedB.count() > 0,
                "both consumers took part: " + sharedA.count() + " + " + sharedB.count());
        for (long timestamp : solo.publishTimestamps()) {
            assertTrue(timestamp >= sentFrom && timestamp <= sentUntil, "publish timestamp " + timestamp
                    + " is the producer's clock at the send, within [" + sentFrom + ", " + sentUntil + "]");
        }
        // COUNT sends queued back to back: the writer took many at a time, one insertMany each.
        assertEquals(COUNT, producer.messagesWritten());
        assertTrue(producer.batchesWritten() <= COUNT / 5,
                COUNT + " messages in " + producer.batchesWritten() + " insertMany batches");
        assertTrue(mongo.collections().stream().noneMatch(name -> name.startsWith(topic + ".")),
                "the topic's collections are dropped on close: " + mongo.collections());
    }

    @Test
    void manyConsumersClaimingOneByOneNeverHoldTheSameMessage() throws Exception {
        String topic = LocalMongo.topic();
        Set<Integer> held = ConcurrentHashMap.newKeySet();
        List<Integer> heldTwice = new ArrayList<>();
        Inbox[] inboxes = new Inbox[6];
        try (MongoBenchmarkDriver driver = mongo.driver(dir, "receiveBatch: 1\npollInterval: 1ms\nclaimOrder: fifo\n")) {
            driver.createTopic(topic, 1).get();
            for (int i = 0; i < inboxes.length; i++) {
                inboxes[i] = new Inbox() {
                    @Override
                    public void messageReceived(byte[] payload, long publishTimestamp) {
                        int id = Messages.id(payload);
                        // Held from here until the callback returns and the message is deleted.
                        if (!held.add(id)) {
                            synchronized (heldTwice) {
                                heldTwice.add(id);
                            }
                        }
                        super.messageReceived(payload, publishTimestamp);
                    }
                };
                driver.createConsumer(topic, "sub-many", inboxes[i]).get();
            }
            BenchmarkProducer producer = driver.createProducer(topic).get();
            Messages.sendAll(producer, 0, MANY);
            awaitShared(MANY, topic, "sub-many", inboxes);
        }
        if (LocalMongo.ATOMIC_CLAIMS) {
            assertEquals(List.of(), heldTwice, "messages handed to a second consumer");
        }
        List<byte[]> all = new ArrayList<>();
        int consumersThatGotSome = 0;
        for (Inbox inbox : inboxes) {
            all.addAll(inbox.payloads());
            consumersThatGotSome += inbox.count() > 0 ? 1 : 0;
        }
        assertSharedDelivery(all, MANY);
        assertTrue(consumersThatGotSome >= 2, "the consumers competed: " + consumersThatGotSome + " got messages");
    }

    /**
     * Waits until a shared subscription received {@code count} messages; where claims are not
     * atomic (FerretDB) consumers may get copies, so it waits until the queue is empty instead.
     */
    private void awaitShared(int count, String topic, String subscription, Inbox... inboxes) throws InterruptedException {
        if (LocalMongo.ATOMIC_CLAIMS) {
            assertEquals(count, Inbox.awaitTotal(count, 60_000, inboxes), "received, and no more than sent");
            return;
        }
        long deadline = System.currentTimeMillis() + 60_000;
        while ((Inbox.total(inboxes) < count || mongo.queued(topic, subscription) > 0) && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
    }

    /** Exactly once where claims are atomic; at least once (copies allowed, none missing) where they are not. */
    private static void assertSharedDelivery(List<byte[]> received, int count) {
        if (LocalMongo.ATOMIC_CLAIMS) {
            Messages.assertExactlyOnce(received, count);
            return;
        }
        Set<Integer> ids = new TreeSet<>();
        for (byte[] payload : received) {
            ids.add(Messages.id(payload));
        }
        assertEquals(count, ids.size(), LocalMongo.BROKER + ": every message at least once (" + received.size() + " deliveries)");
        assertTrue(ids.stream().allMatch(id -> id >= 0 && id < count), "only messages that were sent");
    }
}
