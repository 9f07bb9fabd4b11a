package io.mqbench.driver.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real benchmark through the command line with the module's everyday files, Artemis'
 * (amqp-local.yaml) and RabbitMQ's (amqp-rabbitmq.yaml): 1 KB at 1,000 msg/s for 20 s.
 */
class BenchmarkRunIT {
    private static final int RATE = 1_000;
    private static final int SECONDS = 20;
    /**
     * Artemis' AMQP path and Qpid JMS compile their code in the first seconds: after 5 s the
     * producer was still catching up (publish 1,033 msg/s measured, end-to-end p50 124 ms) on a
     * 2-core machine; by 10 s both run at the rate.
     */
    private static final int WARMUP_SECONDS = 10;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"amqp-local.yaml", "amqp-rabbitmq.yaml"})
    void aFixedRateRunHoldsTheRateAndLosesNothing(String driverFile) throws Exception {
        Path workload = TempFiles.fixedRateWorkload(dir, "amqp-it-1k", RATE, SECONDS, WARMUP_SECONDS);
        Path results = dir.resolve("results");
        JsonNode r = SteadyRun.runSteady("driver-amqp BenchmarkRunIT", results, RATE, SECONDS, "-d", driverFile, workload.toString()).result();
        assertEquals(0, r.at("/delivery/outOfOrder").asLong(), "one subscription, one consumer: publish order");
        assertEquals("AMQP 1.0 (Qpid JMS)", r.at("/driverMetadata/protocol").asText());
        assertTrue(r.at("/driverMetadata/clientLibrary").asText().startsWith("org.apache.qpid:qpid-jms-client 1.13"),
                r.at("/driverMetadata/clientLibrary").asText());
    }
}
