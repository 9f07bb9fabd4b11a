package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.LocalBrokers;
import io.mqbench.testing.Messages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the server keeps when it dies: acknowledged sends waiting in a subscription's queue, then a
 * SIGKILL of the server and a start. FerretDB (SQLite files, synchronous=FULL) must give every
 * message back; mongo-java-server (memory only) must come back empty. Both halves are checked, so
 * the README's durability column is measured, not assumed.
 */
class DurabilityIT {
    private static final int SENT = 200;

    /** This class's own database, dropped after its last test. */
    @RegisterExtension
    static final LocalMongo mongo = new LocalMongo();

    @TempDir
    Path dir;

    @Test
    void acknowledgedSendsOutliveAKilledServerOnlyWhereItKeepsThemOnDisk() throws Exception {
        String topic = LocalMongo.topic();
        String keep = "writeConcern: w1\njournal: true\npollInterval: 5ms\ndeleteTopicsOnClose: false\n";
        MongoBenchmarkDriver before = mongo.driver(dir, keep);
        try {
            before.createTopic(topic, 1).get();
            MongoConsumer consumer = (MongoConsumer) before.createConsumer(topic, "sub-kept", new Inbox()).get();
            consumer.pause();
            Messages.sendAll(before.createProducer(topic).get(), 0, SENT); // each acknowledged
            assertEquals(SENT, mongo.queued(topic, "sub-kept"), "waiting in the queue before the kill");
            LocalBrokers.run("kill", LocalMongo.BROKER);
        } finally {
            LocalBrokers.run("start", "--as-before", LocalMongo.BROKER);
            before.close();
        }

        Inbox inbox = new Inbox();
        try (MongoBenchmarkDriver after = mongo.driver(dir, "pollInterval: 5ms\n")) {
            after.createConsumer(topic, "sub-kept", inbox).get();
            if (LocalMongo.PERSISTENT) {
                assertEquals(SENT, Inbox.awaitTotal(SENT, 20_000, inbox), LocalMongo.BROKER + " kept every acknowledged send");
                Messages.assertExactlyOnce(inbox.payloads(), SENT);
            } else {
                Thread.sleep(1_000);
                assertEquals(0, inbox.count(), LocalMongo.BROKER + " keeps messages in memory only: a kill loses them");
            }
        }
    }
}
