package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.cli.Main;
import io.mqbench.coordinator.StopSignal;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short real benchmark through the command line, with the module's own mongo-local.yaml. */
class BenchmarkRunIT {
    private static final int RATE = 1_000;
    private static final int SECONDS = 10;
    private static LocalMongo mongo;

    @TempDir
    Path dir;

    @BeforeAll
    static void connect() {
        mongo = new LocalMongo();
    }

    @AfterAll
    static void close() {
        mongo.close();
    }

    @Test
    void aFixedRateRunHoldsTheRateAndLosesNothing() throws Exception {
        Path workload = dir.resolve("mongo-it-1k.yaml");
        Files.writeString(workload, """
                name: mongo-it-1k
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: %d
                testDurationSeconds: %d
                warmupDurationSeconds: 5
                """.formatted(RATE, SECONDS));
        // mongo-local.yaml as shipped, but in this test's own database so nothing else is touched.
        Path driverFile = dir.resolve("mongo-local.yaml");
        Files.writeString(driverFile, Files.readString(Path.of("mongo-local.yaml"))
                .replace("database: mqbench", "database: " + mongo.database));
        Path results = dir.resolve("results");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = Main.run(new String[] {"-d", driverFile.toString(), "-o", results.toString(), workload.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8),
                new StopSignal());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, printed);

        List<Path> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.filter(p -> p.toString().endsWith(".json")).toList();
        }
        assertEquals(1, files.size(), printed);
        JsonNode r = new ObjectMapper().readTree(files.get(0).toFile());
        assertEquals("complete", r.get("status").asText());
        assertEquals(RATE, r.at("/summary/publishRate/mean").asDouble(), RATE * 0.02, "publish rate within 2 %");
        // The consumer keeps up; it may run a little above the rate while it catches up on what a
        // busy machine held back during the warm-up.
        assertEquals(RATE, r.at("/summary/consumeRate/mean").asDouble(), RATE * 0.10, "consume rate within 10 %");
        JsonNode delivery = r.get("delivery");
        assertTrue(delivery.get("checked").asBoolean(), delivery.toString());
        assertEquals(0, delivery.get("lost").asLong(), delivery.toString());
        assertEquals(0, delivery.get("duplicated").asLong(), delivery.toString());
        assertTrue(delivery.get("confirmedMessages").asLong() >= RATE * SECONDS * 0.98, delivery.toString());
        assertEquals(0, r.at("/summary/sendErrors").asLong());
        assertTrue(r.get("aggregatedPublishLatency50pct").asDouble() > 0, "insert latency measured");
        assertTrue(r.at("/driverMetadata/clientLibrary").asText().startsWith("org.mongodb:mongodb-driver-sync "));
        assertEquals("w1", r.at("/driverMetadata/writeConcern").asText());
        assertTrue(mongo.collections().isEmpty(), "the run's collections are dropped: " + mongo.collections());
    }
}
