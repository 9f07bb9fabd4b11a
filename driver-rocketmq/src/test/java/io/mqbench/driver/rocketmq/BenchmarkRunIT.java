package io.mqbench.driver.rocketmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A whole benchmark through the harness's command line, with the module's everyday driver file. */
class BenchmarkRunIT {
    private static final int RATE = 1_000;
    /** The check every driver's main file passes: 1 KB at a fixed rate for 20 s. */
    private static final int SECONDS = 20;
    private static final int WARMUP_SECONDS = 5;

    @TempDir
    Path dir;

    @Test
    void upstreamsSettingsAtAFixedRateDeliverEverythingOnceAndLeaveNothingBehind() throws Exception {
        Set<String> topicsBefore = RocketMqTesting.driverTopics();
        Path workload = TempFiles.fixedRateWorkload(dir, "rocketmq-it-1kb", RATE, SECONDS, WARMUP_SECONDS);
        Path results = dir.resolve("results");
        JsonNode result = SteadyRun.runSteady("driver-rocketmq BenchmarkRunIT", results, RATE, SECONDS, "-d", "rocketmq-local.yaml", workload.toString()).result();
        assertEquals("rocketmq-client 5.3.3", result.at("/driverMetadata/clientLibrary").asText());
        assertTrue(result.at("/driverMetadata/brokerVersion").asText().startsWith("V5_3_3"), result.at("/driverMetadata").toString());
        assertEquals("true", result.at("/driverMetadata/autoBatch").asText());
        assertTrue(result.at("/driverMetadata/delivery").asText().startsWith("at least once"), result.at("/driverMetadata").toString());
        assertEquals(topicsBefore, RocketMqTesting.driverTopics(), "the run's topic and its group's retry topic were deleted on close");
    }
}
