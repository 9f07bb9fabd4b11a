package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.stats.HistogramCodec;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.Timing;
import io.mqbench.testing.LoopbackDriverYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs through the command line on the loopback driver: the harness measured against a
 * broker whose behaviour is known, so the numbers it reports can be checked.
 */
class LoopbackRunTest {
    private static final String LOOPBACK = LoopbackDriverYaml.CLASS_LINE;

    @TempDir
    Path dir;

    @Test
    @Timing
    void aFixedRateRunReportsTheRateTheInjectedDelayAndNoLoss() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback-5ms\n" + LOOPBACK
                + "deliveryLatency: {distribution: fixed, meanMs: 5}\n");
        Path workload = workload("fixed", 1, 1, 1, 1, 1, 1024, 2000, 12, 2, "");
        // What a machine that stalls can spoil (the rate, the medians, second by second) is judged
        // apart from what must hold whatever the machine does, and only the former is tried twice:
        // CI saw one second's end-to-end median at 5.323 ms with the rest of the run right.
        SteadyRun.runSteady("LoopbackRunTest", out(), 2000, 12, LoopbackRunTest::assertTheRunsAccounting,
                LoopbackRunTest::assertTheRunsTiming, "-d", driver.toString(), workload.toString());
    }

    /** What the fixed-rate run must get right whatever the machine does. */
    private static void assertTheRunsAccounting(SteadyRun.Steady steady) {
        BenchmarkCli run = steady.cli();
        assertTrue(run.out().contains("[measure 0:10/0:12] pub"), run.out());
        assertTrue(run.out().contains("-- wait until every subscription receives"), run.out());
        JsonNode r = steady.result();
        assertEquals("fixed-rate", r.get("mode").asText());
        assertEquals(2, r.get("publishRate").size(), "a 10 s period and the last 2 s");
        JsonNode delivery = r.get("delivery");
        assertEquals(0, delivery.get("outOfOrder").asLong());
        assertEquals(delivery.get("confirmedMessages").asLong(), delivery.get("expectedDeliveries").asLong());
        assertTrue(delivery.get("confirmedMessages").asLong() >= 2000 * 14 * 0.98);
        long measured = HistogramCodec.decode(r.at("/histograms/endToEndLatency").asText()).getTotalCount();
        assertEquals(r.at("/summary/messagesReceived").asLong(), measured,
                "the stored histogram holds exactly the measured window's messages");
        assertEquals(r.at("/summary/messagesSent").asLong(),
                HistogramCodec.decode(r.at("/histograms/publishLatency").asText()).getTotalCount());
        assertEquals("Loopback-5ms", r.get("driver").asText());
        assertEquals("fixed 5.0 ms", r.at("/driverMetadata/deliveryLatency").asText());
        assertTrue(r.at("/host/cores").asInt() >= 1);
        assertEquals(12, r.at("/workloadConfig/testDurationSeconds").asInt());
        assertEquals(0, r.at("/clocks/maxErrorMicros").asLong(), "one process, one clock: " + r.get("clocks"));
        assertTrue(r.get("aggregatedEndToEndLatency50pct").asDouble() >= 5.0, "never below the injected delay");

        // Second by second beside the periods: 12 samples that together hold exactly the measured messages.
        JsonNode samples = r.get("samples");
        assertEquals(12, samples.get("second").size(), samples.toString());
        double previous = 0;
        long sampledMessages = 0;
        for (int i = 0; i < 12; i++) {
            double end = samples.get("second").get(i).asDouble();
            sampledMessages += Math.round(samples.get("publishRate").get(i).asDouble() * (end - previous));
            previous = end;
        }
        assertEquals(r.at("/summary/messagesSent").asLong(), sampledMessages, 12, "the samples add up to the measured window");
        assertEquals(r.at("/summary/measuredSeconds").asDouble(), previous, 0.01, "the last sample ends with the window");
    }

    /**
     * What a machine that stalls can spoil: the rate and the injected delay, overall and second by
     * second, and that a steady run does not warn of latency still settling (its two periods, 10 s
     * and 2 s, are both judged: the last is over 1.5 s).
     */
    private static void assertTheRunsTiming(SteadyRun.Steady steady) {
        JsonNode r = steady.result();
        assertTrue(r.get("periodSeconds").get(1).asDouble() >= 1.5, r.get("periodSeconds").toString());
        assertFalse(r.path("warnings").toString().contains("still settling"),
                r.path("warnings") + " with end-to-end p99 per period " + r.get("endToEndLatency99pct"));
        assertTrue(r.at("/latencySettling/settled").asBoolean(false), "judged, and settled: " + r.get("latencySettling"));
        assertEquals(2000, r.get("publishRate").get(0).asDouble(), 2000 * 0.02);
        assertEquals(5.0, r.get("aggregatedEndToEndLatency50pct").asDouble(), 0.25, "e2e p50 is the injected 5 ms");
        JsonNode samples = r.get("samples");
        JsonNode medians = samples.get("endToEndLatency50pct");
        double previous = 0;
        int secondsOff = 0;
        for (int i = 0; i < 12; i++) {
            double end = samples.get("second").get(i).asDouble();
            assertEquals(1.0, end - previous, 0.1, "sample lengths: " + samples.get("second"));
            assertEquals(2000, samples.get("publishRate").get(i).asDouble(), 2000 * 0.05, samples.get("publishRate").toString());
            double median = medians.get(i).asDouble();
            // Each second is the injected delay in milliseconds (a unit or window mistake is off
            // by far more than 1 ms), never below it ...
            assertEquals(5.5, median, 0.5, "second " + (i + 1) + "'s end-to-end median: " + medians);
            if (Math.abs(median - 5.0) > 0.3) {
                secondsOff++;
            }
            previous = end;
        }
        // ... and close to it but for one second a busy machine held back: CI saw one second's
        // median at 5.335 ms in one run and 5.527 ms in the next, the other eleven under 5.22.
        assertTrue(secondsOff <= 1, "seconds more than 0.3 ms off the injected 5 ms: " + secondsOff + " in " + medians);
    }

    @Test
    void injectedLossDuplicationAndReorderingAreCounted() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Faulty\n" + LOOPBACK + """
                deliveryLatency: {distribution: uniform, minMs: 0, maxMs: 4}
                keepOrder: false
                lossRate: 0.02
                duplicateRate: 0.01
                """);
        Path workload = workload("faults", 1, 1, 1, 1, 1, 256, 4000, 4, 0, "");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        JsonNode delivery = BenchmarkCli.onlyResult(out()).get("delivery");
        double expected = delivery.get("expectedDeliveries").asDouble();
        assertTrue(expected > 10_000, "enough messages for the rates to show: " + expected);
        double lost = delivery.get("lost").asDouble() / expected;
        double duplicated = delivery.get("duplicated").asDouble() / expected;
        assertEquals(0.02, lost, 0.006, "lost share");
        assertEquals(0.0098, duplicated, 0.004, "duplicated share");
        assertTrue(delivery.get("outOfOrder").asLong() > 0, "uniform delays with reordering allowed");
    }

    @Test
    void duplicatesDoNotEndTheDrainWhileConfirmedMessagesAreStillOnTheirWay() throws Exception {
        // Every message arrives twice, one second after its send: when the load stops the
        // received count already exceeds the sent count, although the last second's messages
        // have not arrived yet. The drain must wait for them, not stop at the count.
        Path driver = TempFiles.write(dir, "d.yaml", "name: Twice\n" + LOOPBACK + """
                deliveryLatency: {distribution: fixed, meanMs: 1000}
                duplicateRate: 1.0
                """);
        Path workload = workload("twice", 1, 1, 1, 1, 1, 256, 1000, 4, 0, "");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        JsonNode delivery = BenchmarkCli.onlyResult(out()).get("delivery");
        assertTrue(delivery.get("drained").asBoolean(), delivery.toString());
        assertEquals(0, delivery.get("lost").asLong(), delivery.toString());
        assertEquals(delivery.get("expectedDeliveries").asLong(), delivery.get("duplicated").asLong(), delivery.toString());
        assertTrue(delivery.get("drainSeconds").asDouble() >= 0.5, "waited for the last second's sends: " + delivery);
    }

    @Test
    void ctrlCDuringTheMeasurementSavesAPartialResult() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n" + LOOPBACK);
        Path workload = workload("long", 1, 1, 1, 1, 1, 512, 1000, 60, 0, "");
        BenchmarkCli runner = new BenchmarkCli();
        Thread thread = new Thread(() -> runner.execute("-d", driver.toString(), "-o", out().toString(), workload.toString()));
        thread.start();
        runner.awaitOutput("-- measure for 1m");
        Thread.sleep(2_500);
        runner.stop.stop("test stop");
        thread.join(30_000);
        assertEquals(ExitCodes.INTERRUPTED, runner.exitCode, runner.err());
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals("partial", r.get("status").asText());
        assertEquals("stopped: test stop", r.get("statusReason").asText());
        assertEquals(1, r.get("publishRate").size(), "the period in progress was kept");
        assertEquals(2.5, r.get("periodSeconds").get(0).asDouble(), 0.5);
        assertEquals(1000, r.get("publishRate").get(0).asDouble(), 50);
        assertTrue(r.get("aggregatedEndToEndLatency50pct").asDouble() > 0);
        assertEquals(0, r.at("/delivery/lost").asLong());
    }

    @Test
    void ctrlCDuringWarmUpSavesAnAbortedResult() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n" + LOOPBACK);
        Path workload = workload("warm", 1, 1, 1, 1, 1, 512, 1000, 60, 60, "");
        BenchmarkCli runner = new BenchmarkCli();
        Thread thread = new Thread(() -> runner.execute("-d", driver.toString(), "-o", out().toString(), workload.toString()));
        thread.start();
        runner.awaitOutput("-- warm up for 1m");
        runner.stop.stop("test stop");
        thread.join(30_000);
        assertEquals(ExitCodes.INTERRUPTED, runner.exitCode);
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals("aborted", r.get("status").asText());
        assertEquals(0, r.get("publishRate").size());
    }

    @Test
    @Timing
    void payloadsTooSmallForTheHeaderFallBackToMillisecondTimestamps() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n" + LOOPBACK
                + "deliveryLatency: {distribution: fixed, meanMs: 20}\n");
        Path workload = workload("tiny", 1, 1, 1, 1, 1, 12, 500, 3, 0, "");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertFalse(r.at("/delivery/checked").asBoolean());
        assertTrue(r.at("/delivery/note").asText().contains("millisecond"));
        assertEquals(20, r.get("aggregatedEndToEndLatency50pct").asDouble(), 1.5, "ms-resolution timestamps still see the delay");
    }

    @Test
    void fanOutKeysAndManyClientsDeliverEverythingToEverySubscription() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n" + LOOPBACK);
        Path workload = workload("fanout", 2, 4, 2, 2, 2, 200, 2000, 3, 0, "keyDistributor: KEY_ROUND_ROBIN\n");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        JsonNode delivery = BenchmarkCli.onlyResult(out()).get("delivery");
        assertEquals(0, delivery.get("lost").asLong());
        assertEquals(0, delivery.get("duplicated").asLong());
        assertEquals(4, delivery.get("subscriptions").size(), "2 topics x 2 subscriptions");
        assertEquals(4, delivery.get("producers").size(), "2 topics x 2 producers");
        assertEquals(2 * delivery.get("confirmedMessages").asLong(), delivery.get("expectedDeliveries").asLong());
        for (JsonNode subscription : delivery.get("subscriptions")) {
            assertEquals(subscription.get("expected").asLong(), subscription.get("delivered").asLong());
        }
    }

    @Test
    void backlogModeBuildsThenDrainsTheBacklog() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n" + LOOPBACK);
        // 1 GB of 100 KB messages is 10 486 messages: about 5 s at 2 000 msg/s.
        Path workload = workload("backlog", 1, 2, 1, 1, 1, 102_400, 2000, 3, 0, "consumerBacklogSizeGB: 1\n");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err());
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals("backlog", r.get("mode").asText());
        JsonNode phase = r.get("backlogPhase");
        assertTrue(phase.get("builtMessages").asLong() >= 10_486, phase.toString());
        assertTrue(phase.get("drained").asBoolean());
        assertTrue(r.at("/summary/consumeRate/mean").asDouble() > r.at("/summary/publishRate/mean").asDouble(),
                "while draining, consumers outpace producers");
        assertEquals(0, r.at("/delivery/lost").asLong());
    }

    @Test
    void resultsAlreadyWrittenStayAndTheCsvSummaryReadsThemWithOmbFiles() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n" + LOOPBACK);
        Path good = workload("good", 1, 1, 1, 1, 1, 100, 500, 2, 0, "");
        Path bad = TempFiles.write(dir, "bad.yaml", "name: bad\ntopics: 1\n");
        assertEquals(0, BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), good.toString()).exitCode);
        assertEquals(ExitCodes.USER_ERROR, BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), bad.toString()).exitCode);
        assertEquals(1, BenchmarkCli.results(out()).size(), "the earlier result is still there");

        Files.copy(getClass().getResourceAsStream("/omb-results/kafka-fixed5k.json"), out().resolve("omb-kafka.json"));
        // A suite keeps its results in <suite>/<run-id>/: found there too, named by their path.
        Path suiteRun = Files.createDirectories(out().resolve("suite").resolve("run-1"));
        Files.copy(getClass().getResourceAsStream("/omb-results/kafka-fixed5k.json"), suiteRun.resolve("omb-kafka.json"));
        BenchmarkCli csv = BenchmarkCli.run("--csv", out().toString());
        assertEquals(0, csv.exitCode, csv.err());
        Path written = Path.of(csv.out().trim().substring("wrote ".length()));
        List<String> lines = Files.readAllLines(written);
        assertEquals(4, lines.size(), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("suite/run-1/omb-kafka.json,fixed5k")), lines.toString());
        assertTrue(lines.get(0).startsWith("file,workload,driver,status,messageSize"));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("omb-kafka.json,fixed5k-1-topic-1-partition-1p-1c-1kb,Kafka,unknown (OMB result),1024")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains(",good,Loopback,complete,100,")), lines.toString());
        assertTrue(lines.get(0).endsWith(",mode,rateHeld,warnings"), lines.get(0));
        // Mode, then no rateHeld for a fixed-rate run; the warnings column holds whatever the run
        // warned of (a busy test machine may add one).
        assertTrue(lines.stream().anyMatch(l -> l.contains(",good,") && l.contains(",fixed-rate,,")), lines.toString());
    }

    @Test
    void theLiveLineComesAsOftenAsAsked() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n" + LOOPBACK);
        Path workload = workload("live", 1, 1, 1, 1, 1, 100, 1000, 4, 0, "");
        BenchmarkCli everySecond = BenchmarkCli.run("--live-interval", "1s", "-d", driver.toString(), "-o", out().toString(),
                workload.toString());
        assertEquals(0, everySecond.exitCode, everySecond.err());
        List<String> lines = everySecond.out().lines().filter(l -> l.startsWith("[measure ")).toList();
        assertEquals(4, lines.size(), everySecond.out());
        assertTrue(lines.get(0).startsWith("[measure 0:01/0:04] pub 1,0") || lines.get(0).startsWith("[measure 0:01/0:04] pub 99"),
                lines.get(0));
        BenchmarkCli perPeriod = BenchmarkCli.run("-d", driver.toString(), "-o", out().toString(), workload.toString());
        assertEquals(1, perPeriod.out().lines().filter(l -> l.startsWith("[measure ")).count(), "by default one per period");

        BenchmarkCli wrong = BenchmarkCli.run("--live-interval", "500ms", "-d", driver.toString(), "-o", out().toString(),
                workload.toString());
        assertEquals(ExitCodes.USER_ERROR, wrong.exitCode);
        assertEquals("error: --live-interval: '500ms' must be whole seconds, at least 1s", wrong.err().strip());
    }

    /** A one-off run from flags: the shipped files, changed by --set (issue 22's example command). */
    @Test
    void setChangesTheShippedFilesForOneRun() throws Exception {
        Path root = TempFiles.repositoryRoot();
        BenchmarkCli run = BenchmarkCli.run("--set", "workload.messageSize=100", "--set", "workload.producerRate=1000",
                "--set", "driver.name=Loopback-set", "-d", root.resolve("driver-loopback/loopback.yaml").toString(),
                "--duration", "2s", "--warmup", "0s", "-o", out().toString(),
                root.resolve("workloads/quick/1-topic-1kb-10k.yaml").toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        JsonNode result = BenchmarkCli.onlyResult(out());
        assertEquals(100, result.path("messageSize").asInt(), result.toPrettyString());
        assertEquals("Loopback-set", result.path("driver").asText());
        assertEquals(root.resolve("driver-loopback/loopback.yaml").toString(), result.path("driverFile").asText(),
                "the result names the user's file, not the resolved copy");
        for (JsonNode rate : result.path("publishRate")) {
            assertEquals(1000, rate.asDouble(), 20, result.path("publishRate").toString());
        }
    }

    /** --repeat: every driver and workload again in each round, drivers alternating, and how far apart the repeats came out. */
    @Test
    void repeatRunsEveryDriverAndWorkloadInRoundsAndSaysHowFarApartTheyCameOut() throws Exception {
        Path a = TempFiles.write(dir, "a.yaml", LoopbackDriverYaml.named("Loop-A"));
        Path b = TempFiles.write(dir, "b.yaml", LoopbackDriverYaml.named("Loop-B"));
        Path w = TempFiles.write(dir, "w.yaml", TempFiles.fixedRateWorkloadText("w", 1, 100, 500, 1, 0));
        BenchmarkCli run = BenchmarkCli.run("-d", a + "," + b, "--repeat", "2", "-o", out().toString(), w.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        List<String> headers = run.out().lines().filter(l -> l.startsWith("== run ")).toList();
        assertEquals(List.of("== run 1 of 4: workload 'w' on driver 'Loop-A' (round 1 of 2)",
                "== run 2 of 4: workload 'w' on driver 'Loop-B' (round 1 of 2)",
                "== run 3 of 4: workload 'w' on driver 'Loop-A' (round 2 of 2)",
                "== run 4 of 4: workload 'w' on driver 'Loop-B' (round 2 of 2)"), headers);
        assertEquals(4, BenchmarkCli.results(out()).size());
        // One line per driver and workload, after the table, with both runs' rates (500 msg/s each, within noise).
        for (String driver : List.of("Loop-A", "Loop-B")) {
            String line = run.out().lines().filter(l -> l.startsWith("repeats of 'w' on '" + driver + "' (2 complete runs): publish rate "))
                    .findFirst().orElseThrow(() -> new AssertionError(run.out()));
            assertTrue(line.matches("repeats of 'w' on '" + driver + "' \\(2 complete runs\\): publish rate [45]\\d\\d to [45]\\d\\d msg/s,"
                    + " \\d+\\.\\d% apart; e2e p99 [0-9.]+ to [0-9.]+ ms"), line);
        }
        BenchmarkCli once = BenchmarkCli.run("-d", a.toString(), "-o", dir.resolve("once").toString(), w.toString());
        assertFalse(once.out().contains("repeats of") || once.out().contains("(round"), once.out());
    }

    private Path out() {
        return dir.resolve("results");
    }

    /** A workload file; durations in seconds. */
    private Path workload(String name, int topics, int partitions, int subscriptions, int consumers, int producers,
                          int size, int rate, int seconds, int warmupSeconds, String extra) {
        return TempFiles.write(dir, name + ".yaml", String.format("""
                name: %s
                topics: %d
                partitionsPerTopic: %d
                subscriptionsPerTopic: %d
                consumerPerSubscription: %d
                producersPerTopic: %d
                messageSize: %d
                producerRate: %d
                testDurationSeconds: %d
                warmupDurationSeconds: %d
                """, name, topics, partitions, subscriptions, consumers, producers, size, rate, seconds, warmupSeconds) + extra);
    }
}
