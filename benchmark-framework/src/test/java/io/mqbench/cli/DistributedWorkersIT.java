package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.stats.HistogramCodec;
import io.mqbench.stats.WorkerStats;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JavaProcess;
import io.mqbench.testing.MachineTurn;
import io.mqbench.testing.RawHttp;
import io.mqbench.testing.ScrapedMetrics;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workers in JVMs of their own on loopback ports, driven by the command line: the merged result
 * against what each worker measured, a worker killed in the middle of a run, and the token.
 */
class DistributedWorkersIT {
    private static final String LOOPBACK = LoopbackDriverYaml.named("Loopback-uniform")
            + "deliveryLatency: {distribution: uniform, minMs: 1, maxMs: 6}\n";

    /**
     * Twelve worker JVMs start and load the two cores in these tests: the other lane's
     * rate-holding run waits (Kafka's missed its rate beside them in CI).
     */
    private static MachineTurn turn;

    @TempDir
    Path dir;

    private final List<JavaProcess> processes = new ArrayList<>();

    @BeforeAll
    static void takeTheMachine() {
        turn = MachineTurn.take("DistributedWorkersIT");
    }

    @AfterAll
    static void releaseTheMachine() {
        turn.close();
    }

    @AfterEach
    void stopProcesses() {
        processes.forEach(JavaProcess::close);
    }

    @Test
    void threeWorkersColocatedMeasureWhatTheirMergeSays() throws Exception {
        List<JavaProcess> workers = startWorkers(3);
        Path workload = workload("merge", 6, 3000, 8, 2);
        BenchmarkCli run = BenchmarkCli.run("-d", driver().toString(), "-w", urls(workers), "--placement", "colocated",
                "-o", out().toString(), workload.toString());
        assertEquals(0, run.exitCode, run.err() + run.out());
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals("complete", r.get("status").asText());
        assertEquals("colocated", r.get("placement").asText());

        JsonNode details = r.get("workerDetails");
        assertEquals(3, details.size());
        long sent = 0;
        long received = 0;
        long bytesSent = 0;
        for (int i = 0; i < 3; i++) {
            JsonNode worker = details.get(i);
            assertEquals(workers.get(i).url(), worker.get("worker").asText());
            assertEquals("ok", worker.get("status").asText());
            assertEquals("producers and consumers", worker.get("role").asText());
            assertEquals(2, worker.get("topicsCreated").size(), "6 topics over 3 workers");
            assertEquals(2, worker.get("producersByTopic").size());
            assertEquals(2, worker.get("consumersBySubscription").size());
            assertTrue(worker.at("/clock/roundTripMicros").asLong() > 0, worker.get("clock").toString());
            assertTrue(worker.at("/clock").has("offsetMicros"));
            assertTrue(r.get("workers").get(i).asText().startsWith(workers.get(i).url() + " (mqbench "), r.get("workers").toString());
            sent += worker.get("messagesSent").asLong();
            received += worker.get("messagesReceived").asLong();
            bytesSent += worker.get("bytesSent").asLong();
            assertTrue(worker.get("messagesReceived").asLong() > 3000 * 8 / 3 * 0.9, "every worker carried its share: " + worker);
        }
        assertEquals(r.at("/summary/messagesSent").asLong(), sent, "counts add up exactly");
        assertEquals(r.at("/summary/messagesReceived").asLong(), received);
        assertEquals(r.at("/summary/publishThroughputMBps").asDouble() * r.at("/summary/measuredSeconds").asDouble() * 1024 * 1024,
                bytesSent, 1.0);

        for (String series : List.of("publishLatency", "publishDelayLatency", "endToEndLatency")) {
            Histogram merged = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
            for (JsonNode worker : details) {
                merged.add(HistogramCodec.decode(worker.at("/histograms/" + series).asText()));
            }
            Histogram reported = HistogramCodec.decode(r.at("/histograms/" + series).asText());
            assertEquals(merged.getTotalCount(), reported.getTotalCount(), series);
            for (double percentile : new double[] {50, 75, 95, 99, 99.9, 100}) {
                assertEquals(merged.getValueAtPercentile(percentile), reported.getValueAtPercentile(percentile), series + " p" + percentile);
            }
        }
        Histogram endToEnd = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
        details.forEach(worker -> endToEnd.add(HistogramCodec.decode(worker.at("/histograms/endToEndLatency").asText())));
        assertEquals(endToEnd.getValueAtPercentile(50) / 1000.0, r.get("aggregatedEndToEndLatency50pct").asDouble(), "percentiles of the merged histogram");
        assertEquals(endToEnd.getValueAtPercentile(99) / 1000.0, r.get("aggregatedEndToEndLatency99pct").asDouble());
        assertEquals(endToEnd.getMaxValue() / 1000.0, r.get("aggregatedEndToEndLatencyMax").asDouble());
        // The histograms are the sum of the measured periods: exactly the messages the summary counts.
        assertEquals(r.at("/summary/messagesReceived").asLong(), endToEnd.getTotalCount());
        assertEquals(r.at("/summary/messagesSent").asLong(),
                HistogramCodec.decode(r.at("/histograms/publishLatency").asText()).getTotalCount());

        JsonNode delivery = r.get("delivery");
        assertTrue(delivery.get("checked").asBoolean(), delivery.toString());
        assertEquals(0, delivery.get("lost").asLong());
        assertEquals(0, delivery.get("duplicated").asLong());
        assertEquals(delivery.get("confirmedMessages").asLong(), delivery.get("expectedDeliveries").asLong());
        assertEquals(6, delivery.get("subscriptions").size());

        // Each worker's own stats port, read independently of the coordinator: its lifetime counters
        // are the run's messages plus the few probe messages of the wait for subscriptions.
        long metricSent = 0;
        long metricReceived = 0;
        for (JavaProcess worker : workers) {
            String metrics = RawHttp.get(worker.statsUrl() + "/metrics").body();
            assertEquals(0, ScrapedMetrics.parse(metrics).value("mqbench_worker_busy"), "the run released the worker: " + metrics);
            metricSent += counter(metrics, "mqbench_worker_messages_sent_total");
            metricReceived += counter(metrics, "mqbench_worker_messages_received_total");
        }
        long probesSent = metricSent - delivery.get("confirmedMessages").asLong();
        long probesReceived = metricReceived - delivery.get("deliveries").asLong();
        assertTrue(probesSent >= 6 && probesSent <= 6 * 5, "at least one probe per producer: " + probesSent);
        assertTrue(probesReceived >= 6 && probesReceived <= probesSent, "probes received: " + probesReceived);
    }

    @Test
    void killingAWorkerMidRunSavesAPartialResultNamingItAndExitsOneWithinTwentySeconds() throws Exception {
        List<JavaProcess> workers = startWorkers(3);
        Path workload = workload("long", 3, 1500, 60, 0);
        BenchmarkCli runner = new BenchmarkCli();
        Thread coordinator = new Thread(() -> runner.execute("-d", driver().toString(), "-w", urls(workers), "--placement", "colocated",
                "-o", out().toString(), workload.toString()));
        coordinator.start();
        long deadline = System.currentTimeMillis() + 60_000;
        // After the first recorded period, so the measurement has started: the result is partial.
        while (!runner.out().contains("[measure 0:10/1:00]") && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(1_000);
        JavaProcess victim = workers.get(1);
        long killedAt = System.nanoTime();
        victim.kill();
        coordinator.join(30_000);
        double seconds = (System.nanoTime() - killedAt) / 1e9;
        assertFalse(coordinator.isAlive(), "the coordinator ended: " + runner.out());
        assertTrue(seconds < 20, "ended " + seconds + " s after the kill");
        assertEquals(ExitCodes.RUN_FAILED, runner.exitCode, runner.err() + runner.out());

        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals("partial", r.get("status").asText());
        assertTrue(r.get("statusReason").asText().contains("worker " + victim.url() + " "), r.get("statusReason").asText());
        assertTrue(r.at("/workerDetails/1/status").asText().startsWith("lost: "), r.get("workerDetails").toString());
        assertEquals("ok", r.at("/workerDetails/0/status").asText());
        assertFalse(r.at("/delivery/checked").asBoolean());
        assertTrue(r.at("/delivery/lost").isNull() && r.at("/delivery/duplicated").isNull(), "unknown, not 0: " + r.get("delivery"));
        assertTrue(r.at("/delivery/note").asText().contains(victim.url() + " was lost during the run"));
        for (JavaProcess survivor : List.of(workers.get(0), workers.get(2))) {
            assertTrue(RawHttp.get(survivor.statsUrl() + "/metrics").body().contains("mqbench_worker_busy 0"), "the others were stopped");
        }
    }

    @Test
    void aWorkerPausedUntilTheCoordinatorGaveUpStopsItsLoadTheMomentItResumes() throws Exception {
        List<JavaProcess> workers = startWorkers(2);
        Path workload = workload("paused", 2, 1000, 60, 0);
        BenchmarkCli runner = new BenchmarkCli();
        Thread coordinator = new Thread(() -> runner.execute("-d", driver().toString(), "-w", urls(workers), "--placement", "colocated",
                "-o", out().toString(), workload.toString()));
        coordinator.start();
        runner.awaitOutput("[measure 0:10/1:00]");
        JavaProcess paused = workers.get(1);
        paused.pause(true);
        coordinator.join(30_000);
        assertFalse(coordinator.isAlive(), "the coordinator gave up on the paused worker: " + runner.out());
        assertEquals(ExitCodes.RUN_FAILED, runner.exitCode, runner.err() + runner.out());
        assertTrue(runner.out().contains("worker " + paused.url() + " stopped answering"), runner.out());

        paused.pause(false);
        Thread.sleep(2_000);
        String resumed = RawHttp.get(paused.statsUrl() + "/metrics").body();
        Thread.sleep(2_000);
        String later = RawHttp.get(paused.statsUrl() + "/metrics").body();
        assertEquals(0, ScrapedMetrics.parse(later).value("mqbench_worker_busy"), "the worker knows its run is over: " + later);
        assertEquals(counter(resumed, "mqbench_worker_messages_sent_total"), counter(later, "mqbench_worker_messages_sent_total"),
                "no load after the resume (it used to go on until its 30-s idle limit)");
        assertTrue(paused.stderr().contains("stop all"), paused.stderr());
    }

    @Test
    void aWorkerWithATokenFileAnswers401WithoutTheTokenAndLogsIt() throws Exception {
        Path token = TempFiles.write(dir, "worker.token", "5f1c0e7a9b3d4c2e8f6a1b0c9d8e7f6a\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        JavaProcess worker = track(JavaProcess.worker(dir.resolve("logs"), "token-worker", "--token-file", token.toString()));
        assertTrue(worker.stdout().contains("token required"), worker.stdout());

        HttpResponse<String> without = RawHttp.get(worker.url() + "/worker-info");
        assertEquals(401, without.statusCode());
        assertEquals(401, RawHttp.post(worker.url() + "/initialize-driver", LOOPBACK).statusCode());
        assertEquals(200, RawHttp.get(worker.statsUrl() + "/metrics").statusCode(), "Prometheus scrapes without the token");
        String bearer = "Bearer 5f1c0e7a9b3d4c2e8f6a1b0c9d8e7f6a";
        assertEquals(200, RawHttp.get(worker.url() + "/worker-info", "Authorization", bearer).statusCode());
        String log = worker.stderr();
        assertTrue(log.contains("rejected GET /worker-info from 127.0.0.1: no token"), log);
        assertFalse(log.contains("5f1c0e7a9b3d4c2e8f6a1b0c9d8e7f6a"), "the token is never logged");

        BenchmarkCli run = BenchmarkCli.run("-d", driver().toString(), "-w", worker.url(), "--token-file", token.toString(),
                "-o", out().toString(), workload("token", 1, 500, 2, 0).toString());
        assertEquals(0, run.exitCode, "with the token the run goes through: " + run.err() + run.out());
    }

    @Test
    void theWorkerCommandRefusesMistakesAndWarnsWhenOpenToTheNetwork() throws Exception {
        JavaProcess badToken = track(JavaProcess.start(dir.resolve("logs"), "bad-token", List.of(), "io.mqbench.cli.WorkerMain",
                List.of("--port", "0", "--token-file", dir.resolve("missing.token").toString())));
        assertEquals(ExitCodes.USER_ERROR, badToken.await(30));
        assertEquals("error: --token-file: " + dir.resolve("missing.token") + ": no such file; create one, e.g. openssl rand -hex 32 > "
                + dir.resolve("missing.token"), badToken.stderr().strip());

        JavaProcess open = track(JavaProcess.worker(dir.resolve("logs"), "open", "--bind", "0.0.0.0"));
        assertTrue(open.stderr().contains("WARNING: this worker listens on 0.0.0.0 WITHOUT a token"), open.stderr());

        JavaProcess taken = track(JavaProcess.start(dir.resolve("logs"), "taken", List.of(), "io.mqbench.cli.WorkerMain",
                List.of("--port", open.url().replaceAll(".*:", ""), "--stats-port", "0")));
        assertEquals(ExitCodes.USER_ERROR, taken.await(30));
        assertTrue(taken.stderr().strip().startsWith("error: cannot listen for the worker protocol on 127.0.0.1:"), taken.stderr());
        assertEquals(1, taken.stderr().strip().lines().count(), taken.stderr());
    }

    private List<JavaProcess> startWorkers(int count) {
        List<JavaProcess> started = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            started.add(track(JavaProcess.worker(dir.resolve("logs"), "worker-" + i)));
        }
        return started;
    }

    private JavaProcess track(JavaProcess process) {
        processes.add(process);
        return process;
    }

    private static String urls(List<JavaProcess> workers) {
        return workers.stream().map(JavaProcess::url).collect(Collectors.joining(","));
    }

    private Path driver() {
        return TempFiles.write(dir, "loopback.yaml", LOOPBACK);
    }

    private Path out() {
        return dir.resolve("results");
    }

    private Path workload(String name, int topics, int rate, int seconds, int warmup) {
        return TempFiles.fixedRateWorkload(dir, name, topics, 512, rate, seconds, warmup);
    }

    /** A counter over all its label sets (runs of different drivers or workloads). */
    private static long counter(String metrics, String name) {
        return (long) ScrapedMetrics.parse(metrics).samples(name).stream().mapToDouble(ScrapedMetrics.Sample::value).sum();
    }
}
