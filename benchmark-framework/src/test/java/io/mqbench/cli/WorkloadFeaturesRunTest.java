package io.mqbench.cli;

import io.mqbench.testing.BenchmarkCli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.result.ResultFiles;
import io.mqbench.testing.RecordingDriver;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.Timing;
import io.mqbench.testing.LoopbackDriverYaml;
import io.mqbench.workload.Workload;
import io.mqbench.workload.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sweeps, byte rates, synchronous and batched sends, count-bounded runs and suites, run for real. */
class WorkloadFeaturesRunTest {
    private static final String LOOPBACK = LoopbackDriverYaml.named("Loopback");

    @TempDir
    Path dir;

    @Test
    void thePapersLatencySweepRunsFivePointsAtTheRightRates() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", LOOPBACK);
        Path workload = TempFiles.repositoryRoot().resolve("workloads/paper-2023/latency-target-rate.yaml");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), "--duration", "3s", "--warmup", "0s", workload.toString());
        assertEquals(0, run.exitCode, run.err());
        Map<Integer, JsonNode> byRate = new TreeMap<>();
        for (Path file : BenchmarkCli.results(out())) {
            JsonNode r = ResultFiles.mapper().readTree(file.toFile());
            assertEquals(32768, r.get("messageSize").asInt());
            assertEquals("paper-2023-latency", r.get("sweepName").asText());
            byRate.put(r.get("targetRate").asInt(), r);
        }
        assertEquals(List.of(32, 96, 192, 320, 480), new ArrayList<>(byRate.keySet()), "1, 3, 6, 10, 15 MB/s of 32 KB (MB = 2^20)");
        JsonNode fastest = byRate.get(480);
        assertEquals("15MB/s", fastest.at("/sweepPoint/producerRateBytes").asText());
        assertEquals("paper-2023-latency (producerRateBytes=15MB/s)", fastest.get("workload").asText());
        assertEquals(480, fastest.at("/summary/publishRate/mean").asDouble(), 480 * 0.02);
        assertEquals(0, fastest.at("/delivery/lost").asLong());
    }

    @Test
    @Timing // six 2-s phases without warm-up held to 10 %: beside the other JVMs and the brokers'
    // boot in CI, the 50 KB point sent 1,446 msg/s for 2,000
    void thePapersThroughputSweepRunsSixMessageSizes() throws Exception {
        // The file asks for the maximum rate at each size. Six searches would take minutes (each
        // narrows in 4-s trials, see MaxRateRunTest), and this test is about the sweep, so --set
        // runs the same six points at a fixed rate.
        Path workload = TempFiles.repositoryRoot().resolve("workloads/paper-2023/throughput-message-size.yaml");
        List<Workload> points = WorkloadLoader.loadAll(workload.toFile(), null, null);
        assertTrue(points.stream().allMatch(Workload::isMaxRate), "the paper's sweep searches the maximum rate");
        Path driver = TempFiles.write(dir, "d.yaml", LOOPBACK);
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), "--duration", "2s", "--warmup", "0s",
                "--set", "workload.producerRate=2000", workload.toString());
        assertEquals(0, run.exitCode, run.err());
        List<Integer> sizes = new ArrayList<>();
        for (Path file : BenchmarkCli.results(out())) {
            JsonNode r = ResultFiles.mapper().readTree(file.toFile());
            sizes.add(r.get("messageSize").asInt());
            assertEquals("fixed-rate", r.get("mode").asText());
            assertEquals(r.get("messageSize").asInt(), r.at("/sweepPoint/messageSize").asInt());
            // Each point ran at the fixed rate, not a search (which finds millions here). Within
            // 10 %: a 2-s phase without warm-up catches up a start-up hiccup inside it (2,064 seen).
            assertEquals(2000, r.at("/summary/publishRate/mean").asDouble(), 2000 * 0.10, r.get("workload") + " held its rate");
        }
        sizes.sort(null);
        assertEquals(List.of(10, 100, 1024, 10240, 51200, 102400), sizes);
    }

    @Test
    void synchronousSendsNeverHaveMoreThanOneMessageInFlight() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Recorded\ndriverClass: io.mqbench.testing.RecordingDriver\n"
                + "ackLatency: {distribution: fixed, meanMs: 1}\n");
        Path workload = workload("sync", "producersPerTopic: 3\nproducerRate: 100000\nmaxOutstandingSends: 1\nmessageSize: 100\n", 3);
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        assertEquals(3, RecordingDriver.PRODUCERS.size());
        for (RecordingDriver.Producer producer : RecordingDriver.PRODUCERS) {
            assertEquals(1, producer.maxInFlight.get(), "one send in flight at a time, seen by the driver");
            assertTrue(producer.sendNanos.size() > 300, "with 1 ms acknowledgements, hundreds of sends per producer: " + producer.sendNanos.size());
            assertTrue(producer.sendNanos.size() < 10_000, "bounded by the acknowledgement time, not the asked 100 000 in 3 s: " + producer.sendNanos.size());
        }
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertTrue(r.get("aggregatedPublishLatency50pct").asDouble() >= 1.0, "each send waited for its 1 ms acknowledgement");
        assertTrue(r.get("aggregatedPublishDelayLatency99pct").asLong() > 1_000_000, "waiting shows up as publish delay (coordinated omission kept visible)");
    }

    @Test
    @Timing // sends 1 ms apart or less in a batch: a busy machine preempts the producer between two of them
    void batchesGoOutBackToBackAtTheAverageRate() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Recorded\ndriverClass: io.mqbench.testing.RecordingDriver\n");
        Path workload = workload("batch", "producersPerTopic: 1\nproducerRate: 1000\nproducerBatchSize: 5\nmessageSize: 100\n", 3);
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        List<Long> sends = RecordingDriver.PRODUCERS.get(0).sendNanos;
        List<Integer> groups = new ArrayList<>();
        int size = 1;
        for (int i = 1; i < sends.size(); i++) {
            if (sends.get(i) - sends.get(i - 1) > 1_000_000) { // batches are 5 ms apart
                groups.add(size);
                size = 1;
            } else {
                size++;
            }
        }
        long fives = groups.stream().filter(g -> g == 5).count();
        assertTrue(fives >= groups.size() * 0.9, "batches of 5: " + groups.subList(0, Math.min(30, groups.size())));
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals(1000, r.at("/summary/publishRate/mean").asDouble(), 20, "the average rate is kept");
    }

    @Test
    void aCountBoundedRunEndsWhenTheCountIsReceived() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", LOOPBACK);
        Path workload = TempFiles.write(dir, "count.yaml", """
                name: count
                topics: 1
                partitionsPerTopic: 1
                messageSize: 12
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 20000
                messageCount: 50000
                warmupDurationSeconds: 0
                """);
        long start = System.currentTimeMillis();
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertTrue(r.get("messageCountReached").asBoolean());
        long received = r.at("/summary/messagesReceived").asLong();
        assertTrue(received >= 50_000 && received < 50_000 + 20_000, "ended soon after 50 000 received: " + received);
        assertTrue(System.currentTimeMillis() - start < 20_000, "2.5 s of load, not the default limit of an hour");
        assertTrue(run.out().contains("measure until 50,000 messages are received (limit 1h)"), run.out());
    }

    @Test
    void aCountNotReachedWithinTheLimitIsAPartialRun() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", LOOPBACK);
        Path workload = TempFiles.write(dir, "short.yaml", """
                name: short
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                messageCount: 50000
                testDurationSeconds: 2
                warmupDurationSeconds: 0
                """);
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(ExitCodes.RUN_FAILED, run.exitCode, run.out() + run.err());
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals("partial", r.get("status").asText());
        assertEquals("50,000 messages were not received within the limit of 2s", r.get("statusReason").asText());
        assertTrue(!r.get("messageCountReached").asBoolean());
    }

    @Test
    void anInterruptedSuiteResumesWithoutRepeatingFinishedPoints() throws Exception {
        TempFiles.write(dir, "d.yaml", LOOPBACK);
        TempFiles.write(dir, "w.yaml", """
                name: sizes
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 500
                testDurationSeconds: 2
                warmupDurationSeconds: 0
                sweep:
                  messageSize: [100, 200, 300]
                """);
        Path suite = TempFiles.write(dir, "s.yaml", "name: resume-test\ndrivers: [d.yaml]\nworkloads: [w.yaml]\n");
        BenchmarkCli first = new BenchmarkCli();
        Thread thread = new Thread(() -> first.execute("--suite", suite.toString(), "-o", out().toString()));
        thread.start();
        long deadline = System.currentTimeMillis() + 30_000;
        // Stop during the second point's measured phase: it leaves a partial result.
        while (first.out().split("-- measure for", -1).length < 3 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(1_200);
        first.stop.stop("test stop");
        thread.join(30_000);
        assertEquals(ExitCodes.INTERRUPTED, first.exitCode, first.out());
        assertTrue(first.out().contains("takes about 1 min for 3 point(s)"), first.out());
        assertTrue(first.out().contains("stopped; to resume the suite where it stopped: bin/benchmark --suite " + suite
                + " -o " + out()), first.out());
        Path runFolder;
        try (var runs = Files.list(out().resolve("resume-test"))) {
            runFolder = runs.findFirst().orElseThrow();
        }

        // Other measurement options do not resume it: they start a new run, and say so.
        BenchmarkCli other = BenchmarkCli.run("--suite", suite.toString(), "-o", out().toString(), "--duration", "1s");
        assertEquals(0, other.exitCode, other.out() + other.err());
        assertTrue(other.out().contains("note: " + runFolder + " is an unfinished run of this suite measured with no options,"
                + " not '--duration 1s'; this command starts a new run (to resume that one: bin/benchmark --suite " + suite
                + " -o " + out() + ")"), other.out());

        BenchmarkCli second = BenchmarkCli.run("--suite", suite.toString(), "-o", out().toString());
        assertEquals(0, second.exitCode, second.out() + second.err());
        assertTrue(second.out().contains("3 point(s), 1 already measured, 2 to run"), second.out());
        assertTrue(second.out().contains("results: " + runFolder), "the same run folder was resumed: " + second.out());
        assertTrue(!second.out().contains("workload 'sizes (messageSize=100)'"), "the finished point did not run again");
        assertEquals(3, BenchmarkCli.results(runFolder).size(), "one complete result per point");
        JsonNode manifest = ResultFiles.mapper().readTree(runFolder.resolve("suite.json").toFile());
        assertTrue(manifest.get("finished").asBoolean());
        assertEquals(1, BenchmarkCli.results(runFolder.resolve("superseded")).size(), "the interrupted attempt is kept aside");

        BenchmarkCli third = BenchmarkCli.run("--suite", suite.toString(), "-o", out().toString(), "--rerun", "--validate");
        assertEquals(0, third.exitCode, third.err());
        assertTrue(third.out().contains("is valid; it takes about 1 min for 3 point(s) (warm-up and measured time, plus about"
                + " 10 s each to set up and drain)"), third.out());
    }

    private Path out() {
        return dir.resolve("results");
    }

    private Path workload(String name, String fields, int seconds) {
        return TempFiles.write(dir, name + ".yaml", "name: " + name + "\ntopics: 1\npartitionsPerTopic: 1\n"
                + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n" + fields
                + "testDurationSeconds: " + seconds + "\nwarmupDurationSeconds: 0\n");
    }
}
