package io.mqbench.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the driver YAML and turning it into client configs; no broker needed. */
class KafkaSettingsTest {
    @TempDir
    Path dir;

    private File write(String yaml) throws IOException {
        Path file = dir.resolve("driver-" + System.nanoTime() + ".yaml");
        Files.writeString(file, yaml);
        return file.toFile();
    }

    private static final String BASE = """
            name: Kafka
            driverClass: io.mqbench.driver.kafka.KafkaBenchmarkDriver
            commonConfig: |
              bootstrap.servers=127.0.0.1:9092
            """;

    /** A mistake the driver's own checks find (validate, the client configs): an IllegalArgumentException. */
    private String readError(String yaml) throws IOException {
        File file = write(yaml);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ClientProperties.from(KafkaSettings.read(file)));
        assertFalse(error.getMessage().contains("\n"), "one line: " + error.getMessage());
        return error.getMessage();
    }

    /** A mistake reading the YAML finds (unknown field, wrong value): an IOException, as initialize throws it. */
    private String yamlError(String yaml) throws IOException {
        File file = write(yaml);
        IOException error = assertThrows(IOException.class, () -> KafkaSettings.read(file));
        assertFalse(error.getMessage().contains("\n"), "one line: " + error.getMessage());
        return error.getMessage();
    }

    @Test
    void validateRefusesAMisspeltKeyWithoutConnecting() throws IOException {
        // No broker is asked: the bootstrap address below has nothing listening.
        File driver = write("name: K\ndriverClass: io.mqbench.driver.kafka.KafkaBenchmarkDriver\n"
                + "commonConfig: bootstrap.servers=127.0.0.1:1\nproducerConfg: acks=all\n");
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducersPerTopic: 1\nproducerRate: 100\n"
                + "testDurationSeconds: 1\nwarmupDurationSeconds: 0\n");
        BenchmarkCli cli = BenchmarkCli.run("-d", driver.toString(), "--validate", workload.toString());
        assertEquals(2, cli.exitCode, cli.out() + cli.err());
        assertTrue(cli.err().startsWith("error: " + driver + ": unknown field 'producerConfg' (did you mean 'producerConfig'?)"), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
    }

    @Test
    void everyVariantInThisModuleLoads() throws IOException {
        List<Path> files = TempFiles.moduleDriverFiles("kafka-");
        assertEquals(List.of("kafka-compression-gzip.yaml", "kafka-compression-lz4.yaml", "kafka-compression-snappy.yaml",
                        "kafka-compression-zstd.yaml", "kafka-exactly-once.yaml", "kafka-latency.yaml", "kafka-local.yaml",
                        "kafka-sync.yaml", "kafka-throughput.yaml"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        for (Path file : files) {
            KafkaSettings settings = KafkaSettings.read(file.toFile());
            ClientProperties clients = ClientProperties.from(settings);
            assertEquals("io.mqbench.driver.kafka.KafkaBenchmarkDriver", settings.driverClass, file.toString());
            assertEquals("127.0.0.1:9092", clients.bootstrapServers(), file.toString());
            assertTrue(settings.reset, file + " cleans up after itself");
        }
        KafkaSettings exactlyOnce = KafkaSettings.read(new File("kafka-exactly-once.yaml"));
        assertEquals(1000, exactlyOnce.transactions.commitEveryMessages);
        assertEquals("read_committed", ClientProperties.from(exactlyOnce).consumerValue("isolation.level").orElseThrow());
        assertEquals(OffsetCommit.SYNC, KafkaSettings.read(new File("kafka-sync.yaml")).offsetCommit);
        assertEquals("zstd", ClientProperties.from(KafkaSettings.read(new File("kafka-compression-zstd.yaml")))
                .producerValue("compression.type").orElseThrow());
    }

    /** The shape of OMB's own Kafka driver files (spaces before the colon, 4-space blocks, RF 3). */
    @Test
    void ombStyleFilesLoadWithOnlyTheDriverClassChanged() throws IOException {
        File file = write("""
                name : Kafka
                driverClass: io.mqbench.driver.kafka.KafkaBenchmarkDriver

                # Kafka client specific configurations
                replicationFactor: 3
                reset: true

                topicConfig: |
                    min.insync.replicas=2

                commonConfig: |
                    bootstrap.servers=localhost:9092
                    default.api.timeout.ms=600000

                producerConfig: |
                    acks=all
                    linger.ms=1
                    batch.size=1048576

                consumerConfig: |
                    auto.offset.reset=earliest
                    enable.auto.commit=false
                    max.partition.fetch.bytes=10485760
                """);
        KafkaSettings settings = KafkaSettings.read(file);
        ClientProperties clients = ClientProperties.from(settings);
        assertEquals((short) 3, settings.replicationFactor);
        assertEquals("2", clients.topicConfig().get("min.insync.replicas"));
        assertEquals("1048576", clients.producerValue("batch.size").orElseThrow());
        assertNull(settings.offsetCommit, "not in OMB files: the driver's default (async) applies");
        Properties consumer = clients.consumerProperties("sub-1");
        assertEquals("sub-1", consumer.getProperty("group.id"), "the subscription is the consumer group");
        assertEquals("600000", consumer.getProperty("default.api.timeout.ms"));
        assertEquals("600000", clients.adminProperties().getProperty("default.api.timeout.ms"));
        assertNull(clients.producerProperties().getProperty("default.api.timeout.ms"),
                "a common key goes only to the clients that know it (no 'supplied but not used' warnings)");
    }

    @Test
    void consumersCommitThemselvesAndReadFromTheStartUnlessTold() throws IOException {
        ClientProperties defaults = ClientProperties.from(KafkaSettings.read(write(BASE)));
        assertEquals("false", defaults.consumerProperties("g").getProperty("enable.auto.commit"));
        assertEquals("earliest", defaults.consumerProperties("g").getProperty("auto.offset.reset"));
        assertFalse(defaults.consumerAutoCommit());
        assertEquals("false", defaults.consumerProperties("g").getProperty("allow.auto.create.topics"));

        ClientProperties auto = ClientProperties.from(KafkaSettings.read(write(BASE + """
                consumerConfig: |
                  enable.auto.commit=true
                  auto.offset.reset=latest
                """)));
        assertTrue(auto.consumerAutoCommit());
        assertEquals("latest", auto.consumerProperties("g").getProperty("auto.offset.reset"));
    }

    @Test
    void anUnknownFieldIsNamedWithTheAllowedOnes() throws IOException {
        String message = yamlError(BASE + "replicationFactr: 3\n");
        assertTrue(message.startsWith("unknown field 'replicationFactr' (did you mean 'replicationFactor'?); allowed fields: "),
                message);
        assertTrue(message.contains("replicationFactor") && message.contains("offsetCommit") && message.contains("transactions"), message);
        String nested = yamlError(BASE + "transactions:\n  commitEvery: 5\n");
        assertEquals("unknown field 'transactions.commitEvery' (did you mean 'commitEveryMs'?);"
                + " allowed fields: commitEveryMessages, commitEveryMs", nested);
    }

    @Test
    void aMisspeltKafkaSettingIsRejectedWithASuggestion() throws IOException {
        assertEquals("producerConfig: 'lingr.ms' is not a Kafka producer setting (did you mean 'linger.ms'?);"
                        + " see https://kafka.apache.org/documentation/#configuration",
                readError(BASE + "producerConfig: |\n  lingr.ms=1\n"));
        assertTrue(readError(BASE + "consumerConfig: |\n  isolation.levl=read_committed\n")
                .startsWith("consumerConfig: 'isolation.levl' is not a Kafka consumer setting (did you mean 'isolation.level'?)"));
        assertTrue(readError(BASE.replace("bootstrap.servers", "bootstrap.server"))
                .startsWith("commonConfig: 'bootstrap.server' is not a Kafka producer, consumer or admin client setting"));
    }

    @Test
    void aBadValueNamesTheSettingAndWhatIsAllowed() throws IOException {
        String acks = readError(BASE + "producerConfig: |\n  acks=2\n");
        assertTrue(acks.contains("acks") && acks.contains("all, -1, 0, 1"), acks);
        String commit = yamlError(BASE + "offsetCommit: later\n");
        assertEquals("offsetCommit: 'later' is not allowed; allowed: async, sync", commit);
        String interval = readError(BASE + "offsetCommitIntervalMs: -5\n");
        assertEquals("offsetCommitIntervalMs is -5; allowed: 0 (commit after every poll) or more", interval);
        String rf = readError(BASE + "replicationFactor: 0\n");
        assertTrue(rf.startsWith("replicationFactor is 0; allowed: 1 or more"), rf);
        String missing = readError("name: K\ndriverClass: x\n");
        assertTrue(missing.startsWith("commonConfig: bootstrap.servers is missing"), missing);
    }

    @Test
    void settingsTheDriverOwnsOrThatContradictEachOtherAreRefused() throws IOException {
        assertTrue(readError(BASE + "producerConfig: |\n  transactional.id=shared\n")
                .contains("transactional.id is set by the driver (one per producer)"));
        assertTrue(readError(BASE + "consumerConfig: |\n  group.id=g\n")
                .contains("the subscription name is the group id"));
        assertTrue(readError(BASE + "offsetCommit: sync\nconsumerConfig: |\n  enable.auto.commit=true\n")
                .startsWith("offsetCommit: sync conflicts with enable.auto.commit=true"));
        assertTrue(readError(BASE + "offsetCommitIntervalMs: 100\nconsumerConfig: |\n  enable.auto.commit=true\n")
                .startsWith("offsetCommitIntervalMs: 100 conflicts with enable.auto.commit=true"));
        String acks = readError(BASE + "producerConfig: |\n  acks=1\ntransactions:\n  commitEveryMs: 5\n");
        assertEquals("producerConfig: acks=1 cannot be used with transactions; allowed: all (or -1)", acks);
        assertTrue(readError(BASE + "transactions:\n  commitEveryMessages: 0\n")
                .startsWith("transactions.commitEveryMessages is 0; allowed: 1 or more"));
    }
}
