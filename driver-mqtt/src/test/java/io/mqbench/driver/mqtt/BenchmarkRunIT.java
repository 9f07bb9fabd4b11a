package io.mqbench.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Whole benchmarks through the harness's command line, with the driver files this module ships. */
class BenchmarkRunIT {
    /**
     * 2,000 msg/s: on a 2-core machine with every other broker idling beside it, Artemis' MQTT
     * consumer fell behind at 5,000 (3,977 msg/s consumed); Mosquitto holds either.
     */
    private static final int RATE = 2_000;
    /** Issue 19's check for every new driver: 1 KB at a fixed rate for 20 s. */
    private static final int SECONDS = 20;
    /**
     * Artemis' MQTT path is slow to warm up: after 2 s its consumer still caught up in the
     * measured phase (5,180 msg/s), and after 5 s on a freshly started Artemis the producer did
     * (2,092 msg/s for 2,000).
     */
    private static final int WARMUP_SECONDS = 10;

    @TempDir
    Path dir;

    /**
     * 20 s at 2 000 msg/s of 1 KB, then the checks every run must pass, on both brokers (QoS 0
     * and 2 are run by DriverIT). Mosquitto keeps a topic's order; Artemis 2.40 delivered 1-4 % of the messages of
     * one publisher out of order to one subscriber (measured, with and without a shared
     * subscription), which the result reports and which is not asserted away here.
     */
    @ParameterizedTest
    @CsvSource({"mqtt-local.yaml, true", "mqtt-artemis.yaml, false"})
    void aFixedRateRunDeliversEverythingOnce(String driverFile, boolean inOrder) throws Exception {
        Path workload = TempFiles.fixedRateWorkload(dir, "mqtt-it-1kb", RATE, SECONDS, WARMUP_SECONDS);
        Path results = dir.resolve("results");
        JsonNode result = SteadyRun.runSteady("driver-mqtt BenchmarkRunIT", results, RATE, SECONDS, "-d", driverFile, workload.toString()).result();
        assertEquals("hivemq-mqtt-client 1.3.7", result.at("/driverMetadata/clientLibrary").asText());
        if (inOrder) {
            assertEquals(0, result.at("/delivery/outOfOrder").asLong(), "one topic, one consumer: in order");
        }
    }
}
