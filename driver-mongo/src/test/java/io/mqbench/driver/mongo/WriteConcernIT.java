package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the driver asks of the server: the write concern on every insert, claim and acknowledgement,
 * as it goes over the wire.
 *
 * <p>What these tests cannot show: that a w2 or majority write was replicated. The server here
 * (mongo-java-server) is a single process without replication that accepts any write concern and
 * ignores it, so a w2 send succeeds here exactly like a w1 send. Proving replication needs a real
 * replica set; see the module README.
 */
class WriteConcernIT {
    /** This class's own database, dropped after its last test. */
    @RegisterExtension
    static final LocalMongo mongo = new LocalMongo();

    @TempDir
    Path dir;

    /** Every command the driver's client started, by name, with the write concern it carried. */
    private static final class SentCommands implements CommandListener {
        private record Sent(String name, BsonDocument writeConcern) {}

        private final List<Sent> started = new CopyOnWriteArrayList<>();

        @Override
        public void commandStarted(CommandStartedEvent event) {
            // The event's document lives in the client's buffer only during this call: copy it now.
            BsonDocument concern = event.getCommand().getDocument("writeConcern", new BsonDocument());
            started.add(new Sent(event.getCommandName(), concern.clone()));
        }

        List<BsonDocument> writeConcerns(String commandName) {
            return started.stream().filter(s -> s.name().equals(commandName)).map(Sent::writeConcern).toList();
        }
    }

    private List<BsonDocument> runOneMessage(SentCommands commands, String settings, String command) throws Exception {
        String topic = LocalMongo.topic();
        Inbox inbox = new Inbox();
        try (MongoBenchmarkDriver driver = mongo.driver(dir, settings, b -> b.addCommandListener(commands))) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-wc", inbox).get();
            Messages.sendAll(driver.createProducer(topic).get(), 0, 3);
            assertEquals(3, Inbox.awaitTotal(3, 10_000, inbox), "received, and no more than sent");
        }
        Messages.assertExactlyOnce(inbox.payloads(), 3);
        List<BsonDocument> concerns = commands.writeConcerns(command);
        assertFalse(concerns.isEmpty(), "no " + command + " command was sent");
        return concerns;
    }

    @Test
    void majorityWithJournalIsAskedForOnEveryWrite() throws Exception {
        SentCommands commands = new SentCommands();
        String settings = "writeConcern: majority\njournal: true\nwriteConcernTimeout: 5s\n";
        BsonDocument expected = BsonDocument.parse("{w: 'majority', j: true, wtimeout: 5000}");
        for (BsonDocument concern : runOneMessage(commands, settings, "insert")) {
            assertEquals(expected, concern, "send");
        }
        for (BsonDocument concern : commands.writeConcerns("findAndModify")) {
            assertEquals(expected, concern, "claim");
        }
        for (BsonDocument concern : commands.writeConcerns("delete")) {
            assertEquals(expected, concern, "acknowledgement");
        }
    }

    @Test
    void w2ForSendsCanLeaveClaimsAndAcknowledgementsAtW1() throws Exception {
        SentCommands commands = new SentCommands();
        String settings = "writeConcern: w2\nconsumerWriteConcern: w1\n";
        for (BsonDocument concern : runOneMessage(commands, settings, "insert")) {
            assertEquals(BsonDocument.parse("{w: 2, wtimeout: 10000}"), concern, "send");
        }
        List<BsonDocument> claims = commands.writeConcerns("findAndModify");
        assertFalse(claims.isEmpty());
        for (BsonDocument concern : claims) {
            assertEquals(BsonDocument.parse("{w: 1}"), concern, "claim");
        }
        for (BsonDocument concern : commands.writeConcerns("delete")) {
            assertEquals(BsonDocument.parse("{w: 1}"), concern, "acknowledgement");
        }
    }
}
