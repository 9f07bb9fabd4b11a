package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short real benchmark through the command line with the module's own rabbitmq-local.yaml. */
class BenchmarkRunIT {
    private static final int RATE = 1_000;
    private static final int SECONDS = 12;

    @TempDir
    Path dir;

    @Test
    void aFixedRateRunHoldsTheRateAndLosesNothing() throws Exception {
        // 1 000 msg/s: even a one-second stall of a busy machine stays inside the confirm window
        // of 1 000, so the sender never waits and the measured rate is the paced one.
        Path workload = TempFiles.fixedRateWorkload(dir, "rabbitmq-it-1k", RATE, SECONDS, 5);
        Path results = dir.resolve("results");
        // The end-to-end p50 it checks is milliseconds, not the ~500 ms of a 1-second AMQP timestamp.
        JsonNode r = SteadyRun.runSteady("driver-rabbitmq BenchmarkRunIT", results, RATE, SECONDS, "-d", "rabbitmq-local.yaml", workload.toString()).result();
        assertEquals(0, r.at("/delivery/outOfOrder").asLong(), "one queue, one consumer: publish order");
        assertEquals("AMQP 0-9-1", r.at("/driverMetadata/protocol").asText());
        assertTrue(r.at("/driverMetadata/broker").asText().startsWith("RabbitMQ "), r.at("/driverMetadata").toString());
        assertTrue(r.at("/driverMetadata/clientLibrary").asText().startsWith("com.rabbitmq:amqp-client 5."));
        assertTrue(r.at("/driverConfig/amqpUris/0").asText().contains("*****"), "password redacted");
    }
}
