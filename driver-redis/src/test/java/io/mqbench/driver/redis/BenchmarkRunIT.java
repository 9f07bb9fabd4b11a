package io.mqbench.driver.redis;

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
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** Whole benchmarks through the harness's command line, with the driver files this module ships. */
class BenchmarkRunIT {
    private static final int RATE = 5_000;

    @TempDir
    Path dir;

    @Test
    void streamsAtAFixedRateDeliverEverythingOnce() throws Exception {
        JsonNode result = run("redis-local.yaml");
        assertEquals("streams", result.at("/driverMetadata/mode").asText());
        assertEquals("7.0.15", result.at("/driverMetadata/brokerVersion").asText());
        assertEquals(0, result.at("/delivery/outOfOrder").asLong(), "one stream is read in order");
    }

    @Test
    void pubSubAtAFixedRateDeliversEverythingWhileSubscribed() throws Exception {
        JsonNode result = run("redis-pubsub.yaml");
        assertEquals("pubsub", result.at("/driverMetadata/mode").asText());
        assertEquals(0, result.at("/delivery/outOfOrder").asLong());
    }

    /** 12 s at 5 000 msg/s of 1 KB, then the checks every run must pass. */
    private JsonNode run(String driverFile) throws Exception {
        Path workload = dir.resolve("workload.yaml");
        Files.writeString(workload, """
                name: redis-it-1kb
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: %d
                testDurationSeconds: 12
                warmupDurationSeconds: 2
                """.formatted(RATE));
        Path results = dir.resolve("results");
        Set<String> keysBefore = runKeys();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(new String[] {"-d", driverFile, "-o", results.toString(), workload.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new StopSignal());
        String printed = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, printed);

        List<Path> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.filter(p -> p.toString().endsWith(".json")).toList();
        }
        assertEquals(1, files.size(), files.toString());
        JsonNode result = new ObjectMapper().readTree(files.get(0).toFile());
        assertEquals("complete", result.get("status").asText(), printed);
        double rate = result.at("/summary/publishRate/mean").asDouble();
        assertEquals(RATE, rate, RATE * 0.02, "publish rate within 2 % of the target");
        assertEquals(RATE, result.at("/summary/consumeRate/mean").asDouble(), RATE * 0.02, "consumers keep up");
        JsonNode delivery = result.get("delivery");
        assertTrue(delivery.get("checked").asBoolean(), delivery.toString());
        assertEquals(0, delivery.get("lost").asLong(), delivery.toString());
        assertEquals(0, delivery.get("duplicated").asLong(), delivery.toString());
        assertTrue(delivery.get("confirmedMessages").asLong() >= RATE * 12, delivery.toString());
        double p50 = result.get("aggregatedEndToEndLatency50pct").asDouble();
        assertTrue(p50 > 0 && p50 < 50, "end-to-end p50 " + p50 + " ms on loopback");
        assertTrue(result.get("aggregatedPublishLatency50pct").asDouble() > 0, "publish latency measured");
        assertEquals("jedis 5.2.0", result.at("/driverMetadata/clientLibrary").asText());
        assertEquals(keysBefore, runKeys(), "the run's streams and topic records were deleted on close");
        return result;
    }

    private static Set<String> runKeys() {
        try (Jedis redis = RedisTesting.inspector()) {
            return redis.keys("mqbench-redis-0000000-*");
        }
    }
}
