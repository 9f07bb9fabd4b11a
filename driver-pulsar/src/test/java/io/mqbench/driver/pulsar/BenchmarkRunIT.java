package io.mqbench.driver.pulsar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.List;
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
    void persistentTopicsAtAFixedRateDeliverEverythingOnceInOrderAndLeaveNothingBehind() throws Exception {
        List<String> namespacesBefore = PulsarTesting.namespaces("mqbench");
        Path workload = TempFiles.fixedRateWorkload(dir, "pulsar-it-1kb", RATE, SECONDS, WARMUP_SECONDS);
        Path results = dir.resolve("results");
        JsonNode result = SteadyRun.runSteady("driver-pulsar BenchmarkRunIT", results, RATE, SECONDS, "-d", "pulsar-local.yaml", workload.toString()).result();
        assertEquals(0, result.at("/delivery/outOfOrder").asLong(), "one partition, one consumer: in order");
        assertEquals("pulsar-client 4.0.7", result.at("/driverMetadata/clientLibrary").asText());
        assertEquals("4.0.7", result.at("/driverMetadata/brokerVersion").asText());
        assertEquals("persistent", result.at("/driverMetadata/topicType").asText());
        assertTrue(result.at("/driverMetadata/delivery").asText().startsWith("at least once"), result.at("/driverMetadata").toString());
        assertEquals(namespacesBefore, PulsarTesting.namespaces("mqbench"), "the run's namespace was deleted on close");
    }
}
