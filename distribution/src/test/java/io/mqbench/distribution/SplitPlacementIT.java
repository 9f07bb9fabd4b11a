package io.mqbench.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.result.ResultFiles;
import io.mqbench.stats.HistogramCodec;
import io.mqbench.stats.WorkerStats;
import io.mqbench.testing.JavaProcess;
import io.mqbench.testing.MachineTurn;
import io.mqbench.testing.TimingRetry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OMB's default placement against a real broker (Redis streams, started by bin/brokers): four
 * worker JVMs, the first half producing and the second half consuming, a coordinator JVM in
 * front. The merged result must be exactly what the workers measured, and every message must
 * cross from a producer worker to a consumer worker through the broker.
 */
class SplitPlacementIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void fourWorkersSplitIntoProducersAndConsumers() throws Exception {
        Path workload = Files.writeString(dir.resolve("split.yaml"), """
                name: split-2-topics
                topics: 2
                partitionsPerTopic: 4
                messageSize: 1024
                subscriptionsPerTopic: 2
                consumerPerSubscription: 2
                producersPerTopic: 2
                producerRate: 2000
                testDurationSeconds: 10
                warmupDurationSeconds: 3
                """);
        // Five JVMs holding a rate: in CI this runs in a lane beside other modules' tests, so it
        // takes its turn with their rate-holding runs.
        try (MachineTurn turn = MachineTurn.take("distribution SplitPlacementIT")) {
            TimingRetry.twice("distribution SplitPlacementIT", attempt -> runOnFourWorkers(workload, dir.resolve("results-" + attempt)),
                    SplitPlacementIT::assertSplitAndMergedExactly, SplitPlacementIT::assertRateAndClocks);
        }
    }

    /**
     * Four workers, a coordinator in front, Redis behind; the one result. The coordinator, the
     * workers and their timing share the two cores, so the caller checks the timing apart.
     */
    private JsonNode runOnFourWorkers(Path workload, Path out) {
        List<JavaProcess> workers = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                workers.add(JavaProcess.worker(dir.resolve("logs"), "w" + i + "-" + out.getFileName()));
            }
            String urls = workers.stream().map(JavaProcess::url).collect(Collectors.joining(","));
            try (JavaProcess coordinator = JavaProcess.start(dir.resolve("logs"), "coordinator-" + out.getFileName(), List.of(),
                    "io.mqbench.cli.Main",
                    List.of("-d", ROOT.resolve("driver-redis/redis-local.yaml").toString(), "-w", urls, "-o", out.toString(), workload.toString()))) {
                assertEquals(0, coordinator.await(180), coordinator.stdout() + coordinator.stderr());
            }
            try (Stream<Path> files = Files.list(out)) {
                List<Path> results = files.filter(f -> f.toString().endsWith(".json")).toList();
                assertEquals(1, results.size(), results.toString());
                return ResultFiles.mapper().readTree(results.get(0).toFile());
            }
        } catch (Exception e) {
            throw new AssertionError("the run on four workers: " + e, e);
        } finally {
            workers.forEach(JavaProcess::close);
        }
    }

    /** Producers and consumers on different workers, and the merged result exactly what they measured. */
    private static void assertSplitAndMergedExactly(JsonNode r) {
        assertEquals("complete", r.get("status").asText());
        assertEquals("split", r.get("placement").asText());
        JsonNode details = r.get("workerDetails");
        assertEquals(4, details.size());
        long sent = 0;
        long received = 0;
        for (int i = 0; i < 4; i++) {
            JsonNode worker = details.get(i);
            boolean producing = i < 2;
            assertEquals(producing ? "producers" : "consumers", worker.get("role").asText(), worker.toString());
            assertEquals(i == 0, worker.has("topicsCreated") && worker.get("topicsCreated").size() > 0, "only the first worker creates topics");
            assertEquals(producing, worker.has("producersByTopic") && worker.get("producersByTopic").size() > 0);
            assertEquals(!producing, worker.has("consumersBySubscription") && worker.get("consumersBySubscription").size() > 0);
            sent += worker.get("messagesSent").asLong();
            received += worker.get("messagesReceived").asLong();
            if (producing) {
                assertEquals(0, worker.get("messagesReceived").asLong(), "producer workers consume nothing");
            } else {
                assertEquals(0, worker.get("messagesSent").asLong(), "consumer workers send nothing");
            }
        }
        assertEquals(r.at("/summary/messagesSent").asLong(), sent, "counts add up exactly");
        assertEquals(r.at("/summary/messagesReceived").asLong(), received);
        for (String series : List.of("publishLatency", "publishDelayLatency", "endToEndLatency")) {
            Histogram merged = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
            details.forEach(worker -> merged.add(HistogramCodec.decode(worker.at("/histograms/" + series).asText())));
            Histogram reported = HistogramCodec.decode(r.at("/histograms/" + series).asText());
            assertEquals(merged.getTotalCount(), reported.getTotalCount(), series);
            assertEquals(merged.getValueAtPercentile(99), reported.getValueAtPercentile(99), series);
        }
        assertEquals(r.at("/summary/messagesReceived").asLong(),
                HistogramCodec.decode(r.at("/histograms/endToEndLatency").asText()).getTotalCount(),
                "the histograms hold exactly the messages the summary counts");
        JsonNode delivery = r.get("delivery");
        assertTrue(delivery.get("checked").asBoolean(), delivery.toString());
        assertEquals(0, delivery.get("lost").asLong());
        assertEquals(0, delivery.get("duplicated").asLong());
        assertEquals(2 * delivery.get("confirmedMessages").asLong(), delivery.get("expectedDeliveries").asLong(), "two subscriptions per topic");
        assertFalse(r.get("workers").isEmpty());
        // Producers and consumers on different workers: every pair's clock difference is reported,
        // estimated at the start and the end.
        JsonNode clocks = r.get("clocks");
        assertFalse(clocks.get("pairs").isEmpty(), clocks.toString());
        for (JsonNode pair : clocks.get("pairs")) {
            assertTrue(pair.get("biasAtStartMicros").isNumber() && pair.get("biasAtEndMicros").isNumber(), pair.toString());
        }
    }

    /** The rate held, and the clocks of one machine agree to within the round trips. */
    private static void assertRateAndClocks(JsonNode r) {
        assertEquals(2000, r.at("/summary/publishRate/mean").asDouble(), 2000 * 0.02, "publish rate");
        JsonNode clocks = r.get("clocks");
        assertTrue(clocks.get("maxErrorMicros").asLong() < 5_000, "one machine, one clock: " + clocks);
    }
}
