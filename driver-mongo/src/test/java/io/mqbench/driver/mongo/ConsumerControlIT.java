package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Pausing a consumer (backlog workloads) and the order one consumer sees. */
class ConsumerControlIT {
    /** This class's own database, dropped after its last test. */
    @RegisterExtension
    static final LocalMongo mongo = new LocalMongo();

    /** How long a backlog of a few hundred claims may take on the slowest server here (FerretDB) on a busy machine. */
    private static final long CLAIMS_WAIT_MILLIS = 90_000;

    @TempDir
    Path dir;

    @Test
    void aPausedConsumerClaimsNothingAndGetsTheBacklogOnResume() throws Exception {
        String topic = LocalMongo.topic();
        Inbox inbox = new Inbox();
        try (MongoBenchmarkDriver driver = mongo.driver(dir, "pollInterval: 5ms\n")) {
            driver.createTopic(topic, 1).get();
            MongoConsumer consumer = (MongoConsumer) driver.createConsumer(topic, "sub-p", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            Messages.sendAll(producer, 0, 10);
            assertEquals(10, Inbox.awaitTotal(10, 10_000, inbox), "received, and no more than sent");

            consumer.pause();
            Thread.sleep(100);
            Messages.sendAll(producer, 10, 300);
            Thread.sleep(500);
            assertEquals(10, inbox.count(), "nothing claimed while paused");
            assertEquals(290, mongo.queued(topic, "sub-p"), "the backlog waits in the queue");

            consumer.resume();
            assertEquals(300, Inbox.awaitTotal(300, CLAIMS_WAIT_MILLIS, inbox), "received, and no more than sent");
            Messages.assertExactlyOnce(inbox.payloads(), 300);
            assertEquals(0, mongo.queued(topic, "sub-p"));
        }
    }

    @Test
    void oneConsumerWithFifoClaimsSeesSendOrder() throws Exception {
        String topic = LocalMongo.topic();
        Inbox inbox = new Inbox();
        try (MongoBenchmarkDriver driver = mongo.driver(dir, "claimOrder: fifo\nreceiveBatch: 7\n")) {
            driver.createTopic(topic, 1).get();
            MongoConsumer consumer = (MongoConsumer) driver.createConsumer(topic, "sub-o", inbox).get();
            // A backlog first, so the claims really have to pick the oldest among many.
            consumer.pause();
            Messages.sendAll(driver.createProducer(topic).get(), 0, 500);
            consumer.resume();
            // FerretDB on SQLite claims 10-100 messages a second (a sorted findAndModify each): 273 of
            // the 500 came within 20 s in a CI whose lanes kept both cores busy. The wait ends at the 500th.
            assertEquals(500, Inbox.awaitTotal(500, CLAIMS_WAIT_MILLIS, inbox), "received, and no more than sent");
        }
        assertEquals(IntStream.range(0, 500).boxed().toList(), List.copyOf(Messages.ids(inbox)));
    }
}
