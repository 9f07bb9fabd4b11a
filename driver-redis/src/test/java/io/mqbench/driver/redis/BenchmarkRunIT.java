package io.mqbench.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.Set;
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
        Path workload = TempFiles.fixedRateWorkload(dir, "redis-it-1kb", RATE, 12, 2);
        Path results = dir.resolve("results");
        Set<String> keysBefore = runKeys();
        BenchmarkCli run = BenchmarkCli.run("-d", driverFile, "-o", results.toString(), workload.toString());
        String printed = run.out() + run.err();
        assertEquals(0, run.exitCode, printed);

        JsonNode result = BenchmarkCli.onlyResult(results);
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
