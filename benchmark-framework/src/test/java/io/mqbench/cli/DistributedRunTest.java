package io.mqbench.cli;

import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JsonSchemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.result.ResultFiles;
import io.mqbench.result.TestResult;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import io.mqbench.worker.server.WorkerServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs through the command line against real worker servers in this JVM: how the coordinator
 * copes with upstream OMB workers, and the mistakes it catches before anything runs. (Workers in
 * their own JVMs: DistributedWorkersIT.)
 */
class DistributedRunTest {
    private static final String LOOPBACK = LoopbackDriverYaml.named("Loopback");
    private static final String WORKLOAD = """
            name: dist
            topics: 2
            partitionsPerTopic: 1
            messageSize: 200
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 1000
            testDurationSeconds: 3
            warmupDurationSeconds: 0
            """;

    @TempDir
    Path dir;

    private final List<WorkerServer> servers = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(WorkerServer::close);
    }

    @Test
    void upstreamOmbWorkersRunTheWorkloadWithoutMqbenchsExtras() throws Exception {
        String urls = start(2, false);
        BenchmarkCli run = BenchmarkCli.run("-d", driver().toString(), "-w", urls, "--placement", "colocated", "-o", out().toString(),
                TempFiles.write(dir, "w.yaml", WORKLOAD).toString());
        assertEquals(0, run.exitCode, run.err() + run.out());
        assertTrue(run.out().contains("clock of http://127.0.0.1:" + servers.get(0).port() + ": unknown (upstream OMB worker: it has no /clock endpoint)"),
                run.out());
        JsonNode r = BenchmarkCli.onlyResult(out());
        assertEquals("complete", r.get("status").asText());
        assertFalse(r.at("/delivery/checked").asBoolean());
        for (String count : List.of("confirmedMessages", "missing", "lost", "duplicated", "outOfOrder", "drained")) {
            assertTrue(r.at("/delivery/" + count).isNull(), "unknown is not zero: " + count + " in " + r.get("delivery"));
        }
        assertTrue(r.at("/delivery/note").asText().endsWith("is an upstream OMB worker: it keeps no delivery ledgers, so lost and duplicated messages were not counted"),
                r.at("/delivery/note").asText());
        assertTrue(r.at("/summary/messagesReceived").asLong() > 2_000, "the load ran: " + r.get("summary"));
        assertEquals(0, r.get("driverMetadata").size(), "no /driver-metadata on an upstream worker");
        assertFalse(r.has("clientBound") || r.has("clientLoad"), "an upstream worker cannot say its own load: " + r.get("clientLoad"));
        TestResult read = ResultFiles.mapper().readValue(BenchmarkCli.results(out()).get(0).toFile(), TestResult.class);
        assertEquals(2, read.workerDetails.size(), "a suite reads its results back");
        for (JsonNode worker : r.get("workerDetails")) {
            assertEquals("upstream OMB", worker.get("kind").asText());
            assertFalse(worker.at("/clock").has("offsetMicros"));
            assertEquals(1, worker.get("producersByTopic").size());
        }
    }

    @Test
    void clocksAreEstimatedAtTheStartAndTheEndAndTheirEffectOnEndToEndLatencyIsReported() throws Exception {
        String urls = start(2, true);
        BenchmarkCli run = BenchmarkCli.run("-d", driver().toString(), "-w", urls, "--placement", "colocated", "-o", out().toString(),
                TempFiles.write(dir, "w.yaml", WORKLOAD).toString());
        assertEquals(0, run.exitCode, run.err() + run.out());
        JsonNode r = BenchmarkCli.onlyResult(out());
        JsonSchemas.assertValid(JsonSchemas.file("result.schema.json"), r, "a result of remote workers (workerDetails, clocks)");
        for (JsonNode worker : r.get("workerDetails")) {
            assertTrue(worker.at("/clock/offsetMicros").isNumber(), worker.get("clock").toString());
            assertTrue(worker.at("/clockAtEnd/offsetMicros").isNumber(), "estimated again at the end: " + worker);
        }
        JsonNode clocks = r.get("clocks");
        assertEquals(0, clocks.get("pairs").size(), "colocated: every worker consumes what it produces, on its own clock");
        assertEquals(0, clocks.get("maxErrorMicros").asLong());
        assertTrue(clocks.get("note").asText().contains("one clock per pair"), clocks.toString());
        // Each worker's own process load travels over /process-load (here both share this JVM).
        assertEquals(List.of(r.at("/workerDetails/0/worker").asText(), r.at("/workerDetails/1/worker").asText()),
                List.of(r.at("/clientLoad/workers/0/worker").asText(), r.at("/clientLoad/workers/1/worker").asText()));
        assertTrue(r.at("/clientLoad/workers/0/cpuSeconds").asDouble() > 0, r.get("clientLoad").toString());
        assertTrue(r.at("/clientLoad/workers/0/jitSeconds").isNumber(), "HotSpot says how long it compiled: " + r.get("clientLoad"));
        for (JsonNode worker : r.at("/clientLoad/workers")) {
            // ... with its sending threads' time (each worker produces here), which tells a sender
            // with no time to spare from one that sleeps between messages.
            double senderBusy = worker.path("senderBusyShare").asDouble(-1);
            assertTrue(senderBusy > 0 && senderBusy <= 1.05, r.get("clientLoad").toString());
        }
        assertTrue(r.get("clientBound").isBoolean());
        assertTrue(run.out().contains("| client cpu "), run.out());
    }

    @Test
    void aWorkloadFeatureAnUpstreamWorkerWouldIgnoreIsRefusedBeforeAnythingRuns() {
        String urls = start(1, false);
        Path workload = TempFiles.write(dir, "sync.yaml", WORKLOAD + "maxOutstandingSends: 1\n");
        BenchmarkCli run = BenchmarkCli.run("-d", driver().toString(), "-w", urls, "-o", out().toString(), workload.toString());
        assertUserError(run, workload + ": workload 'dist' uses maxOutstandingSends, which " + urls
                + " (an upstream OMB worker) would silently ignore");
    }

    @Test
    void theLoopbackBrokerCannotBeSplitAcrossWorkers() {
        String urls = start(2, true);
        Path driver = driver();
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-w", urls, "-o", out().toString(), TempFiles.write(dir, "w.yaml", WORKLOAD).toString());
        assertUserError(run, driver + ": io.mqbench.driver.loopback.LoopbackBenchmarkDriver keeps its broker inside each worker, so with the split placement"
                + " producers and consumers would never meet; add --placement colocated");
    }

    @Test
    void mistakesWithWorkersEndInOneLine() {
        Path workload = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-w", "http://127.0.0.1:1", workload.toString()),
                "http://127.0.0.1:1: cannot connect (connection refused): is bin/benchmark-worker running there, on that port?");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-w", "127.0.0.1:8080", workload.toString()),
                "-w: '127.0.0.1:8080' is not an http:// URL");
        Path workers = TempFiles.write(dir, "workers.yaml", "workers: [http://127.0.0.1:1]\nplacement: split\n");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-wf", workers.toString(), workload.toString()),
                workers + ": unknown field 'placement'");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-w", "http://127.0.0.1:1", "-wf", workers.toString(), workload.toString()),
                "give the workers with --workers or with --workers-file, not both");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-x", workload.toString()),
                "--extra goes with remote workers (--workers or --workers-file)");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-w", "http://127.0.0.1:1", "--placement", "colocated", "-x", workload.toString()),
                "--extra applies to the split placement");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-w", "http://127.0.0.1:1", "--placement", "sideways", workload.toString()),
                "Invalid value for option '--placement'");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-w", "http://127.0.0.1:1", "--token-file", dir.resolve("none").toString(), workload.toString()),
                "--token-file: " + dir.resolve("none") + ": no such file");
    }

    @Test
    void aWorkerBusyWithAnotherCoordinatorIsRefusedClearly() throws Exception {
        String url = start(1, true);
        io.mqbench.testing.RawHttp.post(url + "/initialize-driver", LOOPBACK, "X-Mqbench-Coordinator", "someone-else/42");
        BenchmarkCli run = BenchmarkCli.run("-d", driver().toString(), "-w", url, "-o", out().toString(), TempFiles.write(dir, "w.yaml", WORKLOAD).toString());
        assertUserError(run, url + " is busy: it serves coordinator someone-else/42 at 127.0.0.1 since ");
    }

    private String start(int count, boolean mqbenchExtras) {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            WorkerServer server = WorkerServer.start(new WorkerServer.Settings("127.0.0.1", 0, null, mqbenchExtras));
            servers.add(server);
            urls.add("http://127.0.0.1:" + server.port());
        }
        return String.join(",", urls);
    }

    private Path driver() {
        return TempFiles.write(dir, "loopback.yaml", LOOPBACK);
    }

    private Path out() {
        return dir.resolve("results");
    }

    private static void assertUserError(BenchmarkCli runner, String expectedStart) {
        assertEquals(ExitCodes.USER_ERROR, runner.exitCode, "exit status; stderr: " + runner.err() + " stdout: " + runner.out());
        String err = runner.err();
        assertEquals(1, err.lines().count(), "exactly one line on stderr: " + err);
        assertTrue(err.startsWith("error: " + expectedStart), "stderr: " + err);
    }
}
