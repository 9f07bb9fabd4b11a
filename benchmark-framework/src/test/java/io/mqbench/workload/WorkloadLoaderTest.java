package io.mqbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.config.UserError;
import io.mqbench.driver.support.ByteRate;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadLoaderTest {
    private static final String VALID = """
            name: test
            topics: 1
            partitionsPerTopic: 2
            messageSize: 100
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 1000
            testDurationMinutes: 1
            """;

    @TempDir
    Path dir;

    @Test
    void anUpstreamOmbWorkloadLoadsUnchangedWithOmbDefaults() {
        // Written in OMB's own format: 1 topic, 16 partitions, 1 KB, 50 000 msg/s, 15 minutes.
        File file = TempFiles.repositoryRoot().resolve("workloads/omb/1-topic-16-partitions-1kb.yaml").toFile();
        Workload w = WorkloadLoader.load(file);
        assertEquals("1 producer / 1 consumers on 1 topic", w.name);
        assertEquals(1, w.topics);
        assertEquals(16, w.partitionsPerTopic);
        assertEquals(1024, w.messageSize);
        assertEquals(50_000, w.producerRate);
        assertEquals(Duration.ofMinutes(15), w.testDuration());
        assertEquals(Duration.ofMinutes(1), w.warmupDuration(), "OMB's default warm-up is one minute");
        assertEquals(KeyDistributorType.NO_KEY, w.keyDistributor);
        assertEquals(1.0, w.backlogDrainRatio);
        assertEquals(0, w.consumerBacklogSizeGB);
        assertFalse(w.isMaxRate());
    }

    @Test
    void everyShippedWorkloadLoads() {
        File[] folders = TempFiles.repositoryRoot().resolve("workloads").toFile().listFiles(File::isDirectory);
        int loaded = 0;
        for (File folder : folders) {
            for (File file : folder.listFiles((d, n) -> n.endsWith(".yaml"))) {
                loaded += WorkloadLoader.loadAll(file, null, null).size();
            }
        }
        assertTrue(loaded >= 20, "found " + loaded + " workloads and sweep points");
    }

    @Test
    void secondsFieldsAndCommandLineOverrides() {
        Path file = TempFiles.write(dir, "w.yaml", VALID.replace("testDurationMinutes: 1", "testDurationSeconds: 45\nwarmupDurationSeconds: 3"));
        Workload w = WorkloadLoader.load(file.toFile());
        assertEquals(Duration.ofSeconds(45), w.testDuration());
        assertEquals(Duration.ofSeconds(3), w.warmupDuration());

        Workload overridden = WorkloadLoader.load(file.toFile(), Duration.ofSeconds(20), Duration.ofSeconds(0));
        assertEquals(Duration.ofSeconds(20), overridden.testDuration());
        assertEquals(Duration.ZERO, overridden.warmupDuration());
    }

    @Test
    void aMissingNameDefaultsToTheFileName() {
        Path file = TempFiles.write(dir, "my-workload.yaml", VALID.replace("name: test\n", ""));
        assertEquals("my-workload", WorkloadLoader.load(file.toFile()).name);
    }

    @Test
    void unknownFieldNamesFileFieldAndSuggestion() {
        Path file = TempFiles.write(dir, "typo.yaml", VALID + "messageSzie: 10\n");
        UserError e = assertThrows(UserError.class, () -> WorkloadLoader.load(file.toFile()));
        assertTrue(e.getMessage().startsWith(file.toString() + ": unknown field 'messageSzie'"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'messageSize'?"), e.getMessage());
        assertTrue(e.getMessage().contains("allowed fields:"), e.getMessage());
        assertOneLine(e);
    }

    @Test
    void negativeRateIsRejectedWithTheAllowedValues() {
        Path file = TempFiles.write(dir, "neg.yaml", VALID.replace("producerRate: 1000", "producerRate: -5"));
        UserError e = assertThrows(UserError.class, () -> WorkloadLoader.load(file.toFile()));
        assertEquals(file + ": field 'producerRate' is -5; allowed: 0 (find the maximum sustainable rate) or more messages per second", e.getMessage());
    }

    @Test
    void outOfRangeValuesAreRejected() {
        assertRejected(VALID.replace("partitionsPerTopic: 2", "partitionsPerTopic: 0"), "field 'partitionsPerTopic' is 0; allowed: 1 or more");
        assertRejected(VALID + "backlogDrainRatio: 1.5\n", "field 'backlogDrainRatio' is 1.5; allowed: 0.0 to 1.0");
        assertRejected(VALID + "useRandomizedPayloads: true\nrandomBytesRatio: 2\nrandomizedPayloadPoolSize: 10\n", "field 'randomBytesRatio' is 2.0");
        assertRejected(VALID.replace("messageSize: 100", "messageSize: 0"), "field 'messageSize' is 0");
        assertRejected(VALID + "testDurationSeconds: 10\n", "fields 'testDurationMinutes' and 'testDurationSeconds' are both set");
        assertRejected(VALID.replace("testDurationMinutes: 1\n", ""), "field 'testDurationMinutes' is missing");
        assertRejected(VALID.replace("producerRate: 1000", "producerRate: 0") + "consumerBacklogSizeGB: 1\n", "a backlog test cannot use");
        // Once silently ignored: the backlog mode ends when the backlog has drained, not at a count.
        assertRejected(VALID + "consumerBacklogSizeGB: 1\nmessageCount: 1000\n", "field 'messageCount' cannot bound a backlog test");
        String maxRate = VALID.replace("producerRate: 1000", "producerRate: 0");
        assertRejected(maxRate + "maxRateLongestExtensionSeconds: -1\n", "field 'maxRateLongestExtensionSeconds' is -1; allowed: 0 to 3600");
        assertRejected(VALID + "maxRateLongestExtensionSeconds: 60\n", "field 'maxRateLongestExtensionSeconds' applies to the maximum-rate search only");
    }

    @Test
    void wrongTypesAndEnumValuesListWhatIsAllowed() {
        assertRejected(VALID.replace("producerRate: 1000", "producerRate: fast"), "field 'producerRate' has value 'fast'; allowed: a whole number");
        assertRejected(VALID + "keyDistributor: ROUND_ROBIN\n", "allowed: one of NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO");
        assertRejected(VALID.replace("topics: 1", "topics: [1, 2]"), "field 'topics' has the wrong kind of value; allowed: a whole number");
    }

    @Test
    void yamlSyntaxErrorsGiveTheLine() {
        Path file = TempFiles.write(dir, "broken.yaml", "name: x\ntopics: [1\npartitionsPerTopic: 1\n");
        UserError e = assertThrows(UserError.class, () -> WorkloadLoader.load(file.toFile()));
        assertTrue(e.getMessage().startsWith(file + ": YAML syntax error at line "), e.getMessage());
        assertOneLine(e);
    }

    @Test
    void missingFilesDirectoriesAndEmptyFiles() {
        UserError missing = assertThrows(UserError.class, () -> WorkloadLoader.load(dir.resolve("nope.yaml").toFile()));
        assertEquals(dir.resolve("nope.yaml") + ": no such file", missing.getMessage());
        UserError folder = assertThrows(UserError.class, () -> WorkloadLoader.load(dir.toFile()));
        assertTrue(folder.getMessage().contains("is a directory"), folder.getMessage());
        Path empty = TempFiles.write(dir, "empty.yaml", "# nothing\n");
        assertTrue(assertThrows(UserError.class, () -> WorkloadLoader.load(empty.toFile())).getMessage().contains("is empty"));
        Path list = TempFiles.write(dir, "list.yaml", "- 1\n- 2\n");
        assertTrue(assertThrows(UserError.class, () -> WorkloadLoader.load(list.toFile())).getMessage().contains("expected a YAML mapping"));
    }

    @Test
    void maxRateAndBacklogModesAreRecognised() {
        Path max = TempFiles.write(dir, "max.yaml", VALID.replace("producerRate: 1000", "producerRate: 0"));
        assertTrue(WorkloadLoader.load(max.toFile()).isMaxRate());
        Path backlog = TempFiles.write(dir, "backlog.yaml", VALID + "consumerBacklogSizeGB: 2\n");
        Workload w = WorkloadLoader.load(backlog.toFile());
        assertTrue(w.isBacklog());
        assertNull(w.testDurationSeconds);
    }

    @Test
    void aSweepExpandsIntoEveryCombinationInOrder() {
        Path file = TempFiles.write(dir, "sweep.yaml", VALID + "sweep:\n  messageSize: [10, 100]\n  partitionsPerTopic: [1, 4, 8]\n");
        java.util.List<Workload> points = WorkloadLoader.loadAll(file.toFile(), null, null);
        assertEquals(6, points.size());
        assertEquals("test (messageSize=10, partitionsPerTopic=1)", points.get(0).name);
        assertEquals("test (messageSize=100, partitionsPerTopic=8)", points.get(5).name);
        assertEquals(100, points.get(5).messageSize);
        assertEquals(8, points.get(5).partitionsPerTopic);
        assertEquals("test", points.get(5).sweepName);
        assertEquals(java.util.Map.of("messageSize", 100, "partitionsPerTopic", 8), points.get(5).sweepPoint);
        UserError single = assertThrows(UserError.class, () -> WorkloadLoader.load(file.toFile()));
        assertTrue(single.getMessage().contains("has a sweep of 6 points"));
    }

    @Test
    void sweepMistakesNameTheFieldAndThePoint() {
        assertRejected(VALID + "sweep:\n  messageSzie: [10]\n", "unknown field 'messageSzie' (did you mean 'messageSize'?)");
        assertRejected(VALID + "sweep:\n  messageSize: 10\n", "field 'sweep.messageSize' must be a non-empty list");
        assertRejected(VALID + "sweep:\n  name: [a, b]\n", "field 'sweep.name': 'name' cannot be swept");
        assertRejected(VALID + "sweep:\n  messageSize: [10, 0]\n", "(sweep point messageSize=0): field 'messageSize' is 0");
    }

    @Test
    void aByteRateSetsTheMessageRateWithBinaryMegabytes() {
        String base = VALID.replace("producerRate: 1000\n", "").replace("messageSize: 100", "messageSize: 32768");
        Path file = TempFiles.write(dir, "bytes.yaml", base + "producerRateBytes: 15MB/s\n");
        assertEquals(480, WorkloadLoader.load(file.toFile()).rate(), "15 x 2^20 / 32768");
        assertEquals(32, ByteRate.messagesPerSecond(ByteRate.parse("1MiB/s"), 32768));
        assertEquals(1, ByteRate.messagesPerSecond(ByteRate.parse("10B/s"), 100), "never 0, which would mean max rate");
        assertEquals(-1, ByteRate.parse("15MB"));
        assertRejected(base + "producerRateBytes: fast\n", "field 'producerRateBytes' is 'fast'; allowed: a positive rate with a unit");
        assertRejected(VALID + "producerRateBytes: 1MB/s\n", "fields 'producerRate' and 'producerRateBytes' are both set");
    }

    @Test
    void sendShapeFieldsAreChecked() {
        Path file = TempFiles.write(dir, "shape.yaml", VALID + "maxOutstandingSends: 1\nproducerBatchSize: 1-10\n");
        Workload w = WorkloadLoader.load(file.toFile());
        assertEquals(new BatchSize(1, 10), w.batchSize());
        assertEquals(1, w.maxOutstandingSends);
        assertRejected(VALID + "producerBatchSize: 10-1\n", "field 'producerBatchSize' is '10-1'");
        assertRejected(VALID + "producerBatchSize: 0\n", "field 'producerBatchSize' is '0'");
        assertRejected(VALID + "maxOutstandingSends: -1\n", "field 'maxOutstandingSends' is -1");
        assertRejected(VALID + "messageCount: 0\n", "field 'messageCount' is 0");
        assertRejected(VALID.replace("consumerPerSubscription: 1", "consumerPerSubscription: 0") + "messageCount: 5\n", "'messageCount' counts received messages");
        Path count = TempFiles.write(dir, "count.yaml", VALID.replace("testDurationMinutes: 1\n", "") + "messageCount: 1000000\n");
        assertEquals(Workload.DEFAULT_COUNT_LIMIT, WorkloadLoader.load(count.toFile()).testDuration());
    }

    private void assertRejected(String yaml, String expectedFragment) {
        Path file = TempFiles.write(dir, "bad.yaml", yaml);
        UserError e = assertThrows(UserError.class, () -> WorkloadLoader.load(file.toFile()));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expectedFragment), e.getMessage());
        assertOneLine(e);
    }

    private static void assertOneLine(UserError e) {
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }
}
