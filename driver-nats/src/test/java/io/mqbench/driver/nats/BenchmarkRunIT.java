package io.mqbench.driver.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole benchmarks through the harness's command line, with the driver files this module ships. */
class BenchmarkRunIT {
    private static final int RATE = 5_000;
    /** The check every driver's main file passes: 1 KB at a fixed rate for 20 s. */
    private static final int SECONDS = 20;
    /** The variants differ in one setting each: 10 s of the same checks (CI time). */
    private static final int VARIANT_SECONDS = 10;

    @TempDir
    Path dir;

    @Test
    void jetStreamInFilesAtAFixedRateDeliversEverythingOnceInOrder() throws Exception {
        JsonNode result = run("nats-local.yaml", SECONDS);
        assertEquals("file", result.at("/driverMetadata/storageType").asText());
        assertEquals(0, result.at("/delivery/outOfOrder").asLong(), "one stream, one consumer: in order");
    }

    @Test
    void jetStreamInMemoryAtAFixedRateDeliversEverythingOnce() throws Exception {
        JsonNode result = run("nats-memory.yaml", VARIANT_SECONDS);
        assertEquals("memory", result.at("/driverMetadata/storageType").asText());
    }

    @Test
    void coreNatsAtAFixedRateDeliversEverythingWhileSubscribedAndSaysItPromisesNothing() throws Exception {
        JsonNode result = run("nats-core.yaml", VARIANT_SECONDS);
        assertTrue(result.at("/driverMetadata/delivery").asText().startsWith("at most once"), result.at("/driverMetadata").toString());
    }

    /** {@code seconds} at 5 000 msg/s of 1 KB, then the checks every run must pass; no stream is left behind. */
    private JsonNode run(String driverFile, int seconds) throws Exception {
        List<String> streamsBefore = NatsTesting.streamNames();
        Path workload = TempFiles.fixedRateWorkload(dir, "nats-it-1kb", RATE, seconds, 2);
        Path results = dir.resolve("results");
        JsonNode result = SteadyRun.runSteady("driver-nats BenchmarkRunIT", results, RATE, seconds, "-d", driverFile, workload.toString()).result();
        assertEquals("jnats 2.25.1", result.at("/driverMetadata/clientLibrary").asText());
        assertEquals("2.15.2", result.at("/driverMetadata/brokerVersion").asText());
        assertEquals(streamsBefore, NatsTesting.streamNames(), "the run's streams were deleted on close");
        return result;
    }
}
