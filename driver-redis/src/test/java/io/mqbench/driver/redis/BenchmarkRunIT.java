package io.mqbench.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** Whole benchmarks through the harness's command line, with the driver files this module ships. */
class BenchmarkRunIT {
    private static final int RATE = 5_000;
    private static final int SECONDS = 12;

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
        Path workload = TempFiles.fixedRateWorkload(dir, "redis-it-1kb", RATE, SECONDS, 2);
        Path results = dir.resolve("results");
        Set<String> keysBefore = runKeys();
        JsonNode result = SteadyRun.runSteady("driver-redis BenchmarkRunIT", results, RATE, SECONDS, "-d", driverFile, workload.toString()).result();
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
