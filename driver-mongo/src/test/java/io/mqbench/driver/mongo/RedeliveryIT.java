package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** At-least-once: what a consumer claimed and never acknowledged comes back once its lease expires. */
class RedeliveryIT {
    private static final long LEASE_MILLIS = 2_000;
    /** This class's own database, dropped after its last test. */
    @RegisterExtension
    static final LocalMongo mongo = new LocalMongo();

    @TempDir
    Path dir;

    /** Claimed messages of the queue with the time their lease ends. */
    private static Map<Integer, Long> leasedUntil(MongoCollection<BsonDocument> queue) {
        Map<Integer, Long> leases = new HashMap<>();
        for (BsonDocument message : queue.find(Filters.exists(QueueDocument.DELIVERIES))) {
            leases.put(Messages.id(QueueDocument.payload(message)), message.getDateTime(QueueDocument.VISIBLE_AT).getValue());
        }
        return leases;
    }

    @Test
    void aConsumerThatStopsWithoutAcknowledgingHasItsMessagesRedeliveredAfterTheLease() throws Exception {
        String topic = LocalMongo.topic();
        CountDownLatch stuckHasOne = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // Hangs in the callback with its batch of 5 claimed: it never gets to acknowledge them.
        Inbox stuck = new Inbox() {
            @Override
            public void messageReceived(byte[] payload, long publishTimestamp) {
                super.messageReceived(payload, publishTimestamp);
                stuckHasOne.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Inbox healthy = new Inbox();
        String settings = "visibilityTimeout: " + LEASE_MILLIS + "ms\nreceiveBatch: 5\npollInterval: 5ms\n";
        try (MongoBenchmarkDriver driver = mongo.driver(dir, settings)) {
            driver.createTopic(topic, 1).get();
            // All 20 wait in the queue before the stuck consumer starts, so its first claim is a
            // full batch of 5 (a consumer polling while the sends arrive may claim fewer).
            createSubscription(driver, topic, "sub-r");
            BenchmarkProducer producer = driver.createProducer(topic).get();
            Messages.sendAll(producer, 0, 20);
            assertEquals(20, mongo.queued(topic, "sub-r"), "every send waits in the subscription's queue");
            MongoConsumer stuckConsumer = (MongoConsumer) driver.createConsumer(topic, "sub-r", stuck).get();
            assertTrue(stuckHasOne.await(10, TimeUnit.SECONDS), "the first consumer got a message");

            MongoCollection<BsonDocument> queue = mongo.db()
                    .getCollection(new TopicCollections(topic).queue("sub-r"), BsonDocument.class);
            Map<Integer, Long> held = leasedUntil(queue);
            assertEquals(5, held.size(), "the stuck consumer holds its batch: " + held.keySet());

            driver.createConsumer(topic, "sub-r", healthy).get();
            assertEquals(20, Inbox.awaitTotal(20, 15_000, healthy), "received, and no more than sent");
            Messages.assertExactlyOnce(healthy.payloads(), 20);
            // Not handed to the second consumer while the first one's lease ran.
            for (Map.Entry<Integer, Long> lease : held.entrySet()) {
                long arrived = Messages.arrivalOf(healthy, lease.getKey());
                assertTrue(arrived >= lease.getValue(), "message " + lease.getKey() + " was redelivered at " + arrived
                        + ", before its lease ended at " + lease.getValue());
            }

            // The stuck consumer wakes up, hands over the rest of its old batch and acknowledges it:
            // the healthy one acknowledged those messages already, so there is nothing left to delete.
            release.countDown();
            long deadline = System.currentTimeMillis() + 5_000;
            while (stuckConsumer.acknowledgedElsewhere() < 5 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(5, stuckConsumer.acknowledgedElsewhere());
            assertEquals(5, stuck.count(), "the stuck consumer saw its own batch, nothing more");
            assertTrue(held.keySet().containsAll(Messages.ids(stuck)));
            assertEquals(0, mongo.queued(topic, "sub-r"), "everything acknowledged in the end");
        }
    }

    @Test
    void anAbandonedClaimComesBackAfterTheLeaseAndNotBefore() throws Exception {
        String topic = LocalMongo.topic();
        try (MongoBenchmarkDriver driver = mongo.driver(dir, "visibilityTimeout: 1s\n")) {
            driver.createTopic(topic, 1).get();
            createSubscription(driver, topic, "sub-a");
            Messages.sendAll(driver.createProducer(topic).get(), 0, 6);

            MongoCollection<BsonDocument> queue = mongo.db()
                    .getCollection(new TopicCollections(topic).queue("sub-a"), BsonDocument.class);
            LeaseClaims claims = new LeaseClaims(queue, 1_000, MongoSettings.ClaimOrder.FIFO);
            long claimedAt = System.currentTimeMillis();
            List<BsonDocument> abandoned = claims.claim(3);
            // Each message is leased when it is claimed, one after the other: on a busy machine the
            // third lease began well after the first (CI: only message 0 was back 1,050 ms after the first).
            long allClaimedAt = System.currentTimeMillis();
            assertEquals(List.of(0, 1, 2), ids(abandoned), "fifo: the oldest first");

            List<BsonDocument> rest = claims.claim(10);
            assertEquals(List.of(3, 4, 5), ids(rest), "leased messages are not claimable");
            assertEquals(3, claims.acknowledge(rest));
            assertEquals(List.of(), claims.claim(10), "nothing visible while the lease runs");
            assertEquals(3, queue.countDocuments(), "the abandoned messages wait in the queue");

            while (System.currentTimeMillis() < allClaimedAt + 1_050) {
                Thread.sleep(10);
            }
            List<BsonDocument> again = claims.claim(10);
            assertEquals(List.of(0, 1, 2), ids(again), "redelivered after the lease");
            for (BsonDocument message : again) {
                assertEquals(2, QueueDocument.deliveries(message), "claimed for the second time");
            }
            for (long leaseEnd : leasedUntil(queue).values()) {
                assertTrue(leaseEnd >= claimedAt + 2_000, "leased again for a full lease");
            }
            assertEquals(3, claims.acknowledge(again));
            assertEquals(0, claims.acknowledge(abandoned), "acknowledged already: nothing left to delete");
            assertEquals(0, queue.countDocuments());
        }
    }

    /** Creates the subscription with a consumer that is closed before anything is sent. */
    private static void createSubscription(MongoBenchmarkDriver driver, String topic, String subscription)
            throws Exception {
        driver.createConsumer(topic, subscription, new Inbox() {
            @Override
            public void messageReceived(byte[] payload, long publishTimestamp) {
                throw new AssertionError("this consumer is only here to create the subscription");
            }
        }).get().close();
    }

    private static List<Integer> ids(List<BsonDocument> messages) {
        return messages.stream().map(m -> Messages.id(QueueDocument.payload(m))).toList();
    }
}
