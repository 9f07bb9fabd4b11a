package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import io.mqbench.driver.support.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MongoSettingsTest {
    private static final String HEAD = "name: t\ndriverClass: io.mqbench.driver.mongo.MongoBenchmarkDriver\n";

    @TempDir
    Path dir;

    private MongoSettings read(String body) throws IOException {
        Path file = Files.createTempFile(dir, "mongo-", ".yaml");
        Files.writeString(file, HEAD + body);
        return MongoSettings.read(file.toFile());
    }

    private String error(String body) {
        return assertThrows(IOException.class, () -> read(body)).getMessage();
    }

    @Test
    void defaultsAreAcknowledgedByOneNodeWithAThirtySecondLease() throws IOException {
        MongoSettings s = read("");
        assertEquals("mongodb://127.0.0.1:27017", s.connectionString);
        assertEquals("mqbench", s.database);
        assertEquals(WriteConcern.W1, s.sendWriteConcern());
        assertEquals(WriteConcern.W1, s.consumerWriteConcern(), "consumers follow the send write concern");
        assertEquals(ReadPreference.primary(), s.parsedReadPreference());
        assertEquals(30_000, s.visibilityTimeoutMillis());
        assertEquals(10, s.pollIntervalMillis());
        assertEquals(10, s.receiveBatch);
        assertEquals(100, s.insertBatch);
        assertEquals(1000, s.maxPendingSends);
        assertEquals(MongoSettings.ClaimOrder.FIFO, s.claimOrderKind());
        assertTrue(s.deleteTopicsOnClose);
    }

    @Test
    void writeConcernLevelsMapToTheClientsWriteConcern() throws IOException {
        assertEquals(WriteConcern.W2.withWTimeout(10, TimeUnit.SECONDS), read("writeConcern: w2\n").sendWriteConcern());
        assertEquals(WriteConcern.MAJORITY.withJournal(true).withWTimeout(2500, TimeUnit.MILLISECONDS),
                read("writeConcern: MAJORITY\njournal: true\nwriteConcernTimeout: 2500ms\n").sendWriteConcern());
        assertEquals(WriteConcern.W1.withJournal(true), read("journal: true\n").sendWriteConcern(),
                "w1 has no other members to wait for: no wtimeout");
        WriteConcern noTimeout = read("writeConcern: w2\nwriteConcernTimeout: 0ms\n").sendWriteConcern();
        assertNull(noTimeout.getWTimeout(TimeUnit.MILLISECONDS), "0ms: wait for the members without limit");
        assertNull(read("writeConcern: majority\n").sendWriteConcern().getJournal(),
                "journal false sends no j: the server's default applies");
    }

    @Test
    void consumersCanUseTheirOwnWriteConcern() throws IOException {
        MongoSettings s = read("writeConcern: majority\nconsumerWriteConcern: w1\n");
        assertEquals(WriteConcernLevel.MAJORITY, s.sendLevel());
        assertEquals(WriteConcern.W1, s.consumerWriteConcern());
    }

    @Test
    void readPreferencesAreTheClientsNames() throws IOException {
        assertEquals(ReadPreference.secondaryPreferred(), read("readPreference: secondaryPreferred\n").parsedReadPreference());
        assertEquals(ReadPreference.nearest(), read("readPreference: NEAREST\n").parsedReadPreference());
        assertEquals("readPreference is 'closest'; allowed: primary, primaryPreferred, secondary, secondaryPreferred,"
                + " nearest", error("readPreference: closest\n"));
    }

    @Test
    void durationsNeedAUnit() throws IOException {
        assertEquals(1_500, read("visibilityTimeout: 1500ms\n").visibilityTimeoutMillis());
        assertEquals(120_000, read("visibilityTimeout: 2m\n").visibilityTimeoutMillis());
        assertEquals("visibilityTimeout: '30' is not a duration; write a number and a unit, e.g. 500ms, 30s, 5m, 1h",
                error("visibilityTimeout: 30\n"));
        assertTrue(error("pollInterval: soon\n").startsWith("pollInterval: 'soon' is not a duration"));
        assertEquals("visibilityTimeout is 50ms; allowed: 100ms or more (a shorter lease expires before a consumer"
                + " has handed its batch over)", error("visibilityTimeout: 50ms\n"));
        assertEquals("pollInterval is 0ms; allowed: 1ms to 10s", error("pollInterval: 0ms\n"));
    }

    @Test
    void durationsReadBackAsTheyAreWritten() {
        assertEquals("30s", Durations.format(Duration.ofMillis(30_000)));
        assertEquals("2m", Durations.format(Duration.ofMillis(120_000)));
        assertEquals("1.5s", Durations.format(Duration.ofMillis(1_500)));
        assertEquals("0s", Durations.format(Duration.ZERO));
    }

    @Test
    void badChoicesNameTheFieldAndWhatItAllows() {
        assertEquals("writeConcern is 'w3'; allowed: w1, w2, majority", error("writeConcern: w3\n"));
        assertEquals("consumerWriteConcern is 'all'; allowed: w1, w2, majority", error("consumerWriteConcern: all\n"));
        assertEquals("claimOrder is 'lifo'; allowed: fifo, any", error("claimOrder: lifo\n"));
        assertEquals("receiveBatch is 0; allowed: 1 to 1000", error("receiveBatch: 0\n"));
        assertEquals("insertBatch is 100001; allowed: 1 to 100000", error("insertBatch: 100001\n"));
        assertEquals("maxPendingSends is -1; allowed: 1 to 10000000", error("maxPendingSends: -1\n"));
        assertTrue(error("database: a.b\n").startsWith("database is 'a.b'; allowed: 1 to 63 characters"));
        assertEquals("field 'receiveBatch' has value 'ten'; allowed: a whole number", error("receiveBatch: ten\n"));
    }

    @Test
    void unknownFieldsAreRefusedWithTheKnownOnes() {
        String message = error("visibilityTimeOut: 5s\n");
        assertTrue(message.startsWith("unknown field 'visibilityTimeOut' (did you mean 'visibilityTimeout'?); allowed fields: "),
                message);
        assertTrue(message.contains("visibilityTimeout"), message);
    }

    @Test
    void aBadConnectionStringIsRefusedWithoutRepeatingItsPassword() {
        String message = error("connectionString: \"mongo://user:s3cret@host\"\n");
        assertTrue(message.startsWith("connectionString is not a MongoDB connection string"), message);
        assertFalse(message.contains("s3cret"), message);
        assertEquals("connectionString is empty; give one, e.g. mongodb://127.0.0.1:27017",
                error("connectionString: \"\"\n"));
    }

    @Test
    void theModulesDriverFilesLoad() throws IOException {
        MongoSettings local = MongoSettings.read(Path.of("mongo-local.yaml").toFile());
        assertEquals(WriteConcernLevel.W1, local.sendLevel());
        assertEquals(MongoSettings.ClaimOrder.ANY, local.claimOrderKind(), "the emulation here sorts in memory");
        MongoSettings w1 = MongoSettings.read(Path.of("mongo-w1.yaml").toFile());
        assertEquals(WriteConcern.W1, w1.sendWriteConcern());
        MongoSettings majority = MongoSettings.read(Path.of("mongo-majority.yaml").toFile());
        assertEquals(WriteConcern.MAJORITY.withJournal(true).withWTimeout(10, TimeUnit.SECONDS),
                majority.sendWriteConcern());
        assertEquals(majority.sendWriteConcern(), majority.consumerWriteConcern());
        assertEquals(MongoSettings.ClaimOrder.ANY, w1.claimOrderKind(), "mqperf's MongoMq does not sort");
        assertEquals(MongoSettings.ClaimOrder.ANY, majority.claimOrderKind());
    }
}
