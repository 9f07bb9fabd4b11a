package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short real benchmark through the command line with the module's own rabbitmq-local.yaml. */
class BenchmarkRunIT {
    private static final int RATE = 1_000;

    @TempDir
    Path dir;

    @Test
    void aFixedRateRunHoldsTheRateAndLosesNothing() throws Exception {
        // 1 000 msg/s: even a one-second stall of a busy machine stays inside the confirm window
        // of 1 000, so the sender never waits and the measured rate is the paced one.
        Path workload = TempFiles.fixedRateWorkload(dir, "rabbitmq-it-1k", RATE, 12, 5);
        Path results = dir.resolve("results");
        BenchmarkCli run = BenchmarkCli.run("-d", "rabbitmq-local.yaml", "-o", results.toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());

        JsonNode r = BenchmarkCli.onlyResult(results);
        assertEquals("complete", r.get("status").asText());
        double rate = r.at("/summary/publishRate/mean").asDouble();
        assertEquals(RATE, rate, RATE * 0.02, "publish rate within 2 % of the target");
        assertEquals(RATE, r.at("/summary/consumeRate/mean").asDouble(), RATE * 0.02, "consume rate");
        JsonNode delivery = r.get("delivery");
        assertTrue(delivery.get("checked").asBoolean());
        assertTrue(delivery.get("drained").asBoolean());
        assertEquals(0, delivery.get("lost").asLong());
        assertEquals(0, delivery.get("duplicated").asLong());
        assertEquals(0, delivery.get("outOfOrder").asLong(), "one queue, one consumer: publish order");
        assertTrue(delivery.get("confirmedMessages").asLong() >= RATE * 12 * 0.98);
        assertEquals(0, r.at("/summary/sendErrors").asLong());
        // Milliseconds, not the ~500 ms that a 1-second AMQP timestamp would give.
        double e2e50 = r.get("aggregatedEndToEndLatency50pct").asDouble();
        assertTrue(e2e50 > 0 && e2e50 < 100, "end-to-end p50 " + e2e50 + " ms");
        assertTrue(r.get("aggregatedPublishLatency50pct").asDouble() > 0, "confirm latency measured");
        assertEquals("AMQP 0-9-1", r.at("/driverMetadata/protocol").asText());
        assertTrue(r.at("/driverMetadata/broker").asText().startsWith("RabbitMQ "), r.at("/driverMetadata").toString());
        assertTrue(r.at("/driverMetadata/clientLibrary").asText().startsWith("com.rabbitmq:amqp-client 5."));
        assertTrue(r.at("/driverConfig/amqpUris/0").asText().contains("*****"), "password redacted");
    }
}
