package io.mqbench.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JavaProcess;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.TimingRetry;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
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

    @Test
    void twentySecondsOfOneKilobyteAtTenThousandPerSecondKeepTheRateAndLoseNothing() throws Exception {
        JsonNode result = SteadyRun.runSteady("driver-kafka KafkaBenchmarkRunIT", results, 10_000, 20, "-d", "kafka-local.yaml",
                "--duration", "20s", "--warmup", "5s", "../workloads/quick/1-topic-1kb-10k.yaml").result();
        assertEquals("Kafka-local", result.get("driver").asText());
        assertEquals(0, result.at("/delivery/outOfOrder").asLong(), "one partition keeps order");
        assertEquals("kafka-clients 4.1.1", result.at("/driverMetadata/clientLibrary").asText());
    }

    /**
     * Every message once, through transactions. The rate is timing, checked apart: the run is made
     * once more when only the rate missed (CI: 5,239 msg/s for 5,000 while the producers caught up
     * a warm-up the busy machine had held back); a message lost or duplicated fails at once.
     */
    @Test
    void theExactlyOnceVariantDeliversEveryMessageOnceThroughTheHarness() throws Exception {
        String what = "driver-kafka exactly once";
        TimingRetry.twice(what, attempt -> SteadyRun.runInto(what, results.resolve("attempt-" + attempt),
                "-d", "kafka-exactly-once.yaml", "--duration", "10s", "--warmup", "2s",
                "../workloads/simple/2-subscriptions-keyed-4-partitions-1kb.yaml").result(),
                KafkaBenchmarkRunIT::assertEveryMessageOnceInTransactions,
                run -> assertEquals(5_000, run.at("/summary/publishRate/mean").asDouble(), 5_000 * 0.02, "publish rate"));
    }

    private static void assertEveryMessageOnceInTransactions(JsonNode result) {
        assertEquals("complete", result.get("status").asText());
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

    @Test
    void sigtermDuringTheMeasurementSavesAPartialResultAndLeavesNoTopic() throws Exception {
        Set<String> before = topics();
        Path workload = TempFiles.write(results, "w.yaml", """
                name: sigterm
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 2000
                testDurationSeconds: 120
                warmupDurationSeconds: 0
                """);
        Path out = results.resolve("out");
        // kafka-local.yaml has reset: true: the driver deletes its topics when it closes.
        try (JavaProcess run = JavaProcess.start(results.resolve("logs"), "benchmark", List.of(), "io.mqbench.cli.Main",
                List.of("-d", "kafka-local.yaml", "-o", out.toString(), workload.toString()))) {
            run.awaitOutput("-- measure", 120);
            Thread.sleep(3000);
            run.terminate();
            assertEquals(143, run.await(90), run.stdout() + run.stderr());
        }
        JsonNode result = BenchmarkCli.onlyResult(out);
        assertEquals("partial", result.get("status").asText());
        assertEquals("stopped: SIGTERM", result.get("statusReason").asText());
        assertTrue(result.at("/delivery/confirmedMessages").asLong() > 0, result.get("delivery").toString());
        assertEquals(before, topics(), "the run's topic was deleted");
    }

    private static Set<String> topics() throws Exception {
        try (Admin admin = TestSupport.admin()) {
            return new TreeSet<>(admin.listTopics().names().get(30, TimeUnit.SECONDS));
        }
    }
}
