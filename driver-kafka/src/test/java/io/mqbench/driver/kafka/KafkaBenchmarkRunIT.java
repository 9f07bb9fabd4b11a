package io.mqbench.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole benchmarks through bin/benchmark's code path, with this module's driver files, on the real broker. */
class KafkaBenchmarkRunIT {
    @TempDir
    Path results;

    @BeforeAll
    static void findPayloadFiles() {
        // Workload files name payload/payload-1Kb.data relative to the repository root.
        System.setProperty("mqbench.home", TempFiles.repositoryRoot().toString());
    }

    private JsonNode run(String... args) throws Exception {
        BenchmarkCli cli = BenchmarkCli.run(args);
        assertEquals(0, cli.exitCode, cli.out() + cli.err());
        return BenchmarkCli.onlyResult(results);
    }

    @Test
    void thirtySecondsOfOneKilobyteAtTenThousandPerSecondKeepTheRateAndLoseNothing() throws Exception {
        JsonNode result = run("-d", "kafka-local.yaml", "-o", results.toString(),
                "--duration", "30s", "--warmup", "5s", "../workloads/quick/1-topic-1kb-10k.yaml");
        SteadyRun.assertSteady(result, 10_000, 30);
        assertEquals("Kafka-local", result.get("driver").asText());
        assertEquals(0, result.at("/delivery/outOfOrder").asLong(), "one partition keeps order");
        assertEquals("kafka-clients 4.1.1", result.at("/driverMetadata/clientLibrary").asText());
    }

    @Test
    void theExactlyOnceVariantDeliversEveryMessageOnceThroughTheHarness() throws Exception {
        JsonNode result = run("-d", "kafka-exactly-once.yaml", "-o", results.toString(),
                "--duration", "10s", "--warmup", "2s", "../workloads/simple/2-subscriptions-keyed-4-partitions-1kb.yaml");
        assertEquals("complete", result.get("status").asText());
        assertEquals(5_000, result.at("/summary/publishRate/mean").asDouble(), 5_000 * 0.02);
        JsonNode delivery = result.get("delivery");
        assertEquals(0, delivery.get("lost").asLong(), delivery.toString());
        assertEquals(0, delivery.get("duplicated").asLong(), delivery.toString());
        assertEquals(2, delivery.get("subscriptions").size());
        assertEquals(2 * delivery.get("confirmedMessages").asLong(), delivery.get("expectedDeliveries").asLong());
        assertTrue(result.at("/driverMetadata/transactions").asText().startsWith("commit every 1000 messages or 10 ms"));
        // A send completes when its transaction commits: publish latency includes part of the 10 ms window.
        assertTrue(result.get("aggregatedPublishLatency50pct").asDouble() >= 1.0,
                "publish p50 " + result.get("aggregatedPublishLatency50pct"));
    }
}
