package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.result.ResultFiles;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JavaProcess;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run never loses what it measured: SIGTERM saves it like Ctrl-C, an output folder that cannot
 * take results is refused before anything runs, and one that fails at the end gives way to a
 * fallback folder.
 */
class StopAndSaveTest {
    private static final String DRIVER = LoopbackDriverYaml.named("L");

    @TempDir
    Path dir;

    @Test
    void sigtermDuringTheMeasurementSavesAPartialResultAndExits143() throws Exception {
        Stopped stopped = stoppedBySigterm(driver(), workload(60), "-- measure", 1500);
        assertTrue(stopped.stderr().contains("SIGTERM: stopping the load and saving what was measured"), stopped.stderr());
        JsonNode result = stopped.result();
        assertEquals("partial", result.get("status").asText());
        assertEquals("stopped: SIGTERM", result.get("statusReason").asText());
        assertTrue(result.at("/summary/publishRate/mean").asDouble() > 0, "what was measured is kept");
    }

    @Test
    void sigtermDuringTheRateSearchSavesWhatTheTrialsShowedAndNoRateFound() throws Exception {
        // Before the fix the aborted result said foundRate 0, sustainableRate 0, searchSeconds 0 and
        // warmupExtendedSeconds 0 with no note, and targetRate the rate of the trial that was running.
        Path driver = TempFiles.write(dir, "capped.yaml", DRIVER + "capacity: {messagesPerSecond: 2000}\n");
        Path workload = TempFiles.write(dir, "max.yaml", TempFiles.fixedRateWorkloadText("max", 1, 100, 0, 30, 2));
        JsonNode result = stoppedBySigterm(driver, workload, "-> unsustainable", 0).result();
        assertEquals("aborted", result.get("status").asText());
        assertFalse(result.has("targetRate"), "no measured phase, no rate found: " + result.get("targetRate"));
        JsonNode discovery = result.get("rateDiscovery");
        assertFalse(discovery.has("foundRate"), discovery.toString());
        assertFalse(discovery.get("converged").asBoolean());
        assertTrue(discovery.get("note").asText().startsWith("the run ended during the search"), discovery.toString());
        assertTrue(discovery.get("sustainableRate").asDouble() >= 1000, discovery.toString());
        assertTrue(discovery.get("unsustainableRate").asDouble() > discovery.get("sustainableRate").asDouble(), discovery.toString());
        JsonNode trials = discovery.get("trials");
        double lastTrialEnd = trials.get(trials.size() - 1).get("second").asDouble() + trials.get(trials.size() - 1).get("seconds").asDouble();
        assertTrue(discovery.get("searchSeconds").asDouble() >= lastTrialEnd - 0.5, discovery.toString());
        assertTrue(discovery.get("warmupExtendedSeconds").asDouble() > 0, "the 2-s warm-up had run out: " + discovery);
    }

    @Test
    void sigtermBetweenTwoMeasuredAttemptsKeepsTheFirstAttemptsRateWithItsPeriods() throws Exception {
        // Before the fix the result's targetRate was 0 when the stop came while the failed attempt's
        // backlog drained (the producers paused), or the next attempt's 5 % lower rate during the
        // settle before it, beside the periods of the attempt at the higher rate.
        // No extension: the search ends with the trial under way when the 2-s warm-up is over (at
        // most about 8 s in); the producers' sends then stall from 12 s after the first send to 28 s,
        // inside the 20-s measured phase, which falls short of its rate and is retried.
        Path driver = TempFiles.write(dir, "capped.yaml", DRIVER + "capacity: {messagesPerSecond: 2000}\n"
                + "sendStall: {afterMs: 12000, forMs: 16000}\n");
        Path workload = TempFiles.write(dir, "max.yaml", TempFiles.fixedRateWorkloadText("max", 1, 100, 0, 20, 2)
                + "maxRateLongestExtensionSeconds: 0\nmaxRateRetries: 1\n");
        JsonNode result = stoppedBySigterm(driver, workload, "; measuring again at", 0).result();
        assertEquals("partial", result.get("status").asText());
        JsonNode attempts = result.at("/rateDiscovery/measuredPhases");
        assertEquals(1, attempts.size(), attempts.toString());
        assertFalse(attempts.get(0).get("held").asBoolean(), attempts.toString());
        assertEquals(attempts.get(0).get("targetRate").asDouble(), result.get("targetRate").asDouble(), 0.5,
                "the rate of the attempt whose periods the result holds");
        assertEquals(2, result.get("publishRate").size(), "the failed attempt's two 10-s periods are kept: " + result.get("publishRate"));
    }

    @Test
    void sigtermWhileTheBacklogIsBuiltSavesHowFarItGotAndNoDrainFigures() throws Exception {
        // Before the fix: builtMessages 0, buildSeconds 0, floorMessages 0, drainSeconds 0,
        // drained false and residualMessages 0, with no word of where the run ended.
        JsonNode phase = backlogPhaseStoppedAfter("-- build a backlog");
        assertTrue(phase.path("note").asText().startsWith("the run ended while the backlog was being built"), phase.toString());
        assertTrue(phase.get("builtMessages").asLong() >= 500, "1.5 s at 1,000 msg/s: " + phase);
        assertTrue(phase.get("buildSeconds").asDouble() >= 1, phase.toString());
        for (String unreached : List.of("floorMessages", "drainSeconds", "drained", "residualMessages", "drainRate")) {
            assertFalse(phase.has(unreached), unreached + " of a drain that never began: " + phase);
        }
    }

    @Test
    void sigtermDuringTheDrainSavesTheBuildAndTheDrainSoFar() throws Exception {
        JsonNode phase = backlogPhaseStoppedAfter("resuming consumers");
        assertTrue(phase.path("note").asText().startsWith("the run ended during the drain"), phase.toString());
        assertTrue(phase.get("builtMessages").asLong() >= 3_072, "the whole backlog was built: " + phase);
        assertTrue(phase.has("floorMessages") && phase.has("drained") && phase.has("residualMessages"), phase.toString());
        assertTrue(phase.get("drainSeconds").asDouble() > 0, phase.toString());
    }

    /** A backlog run (3 MiB of 1 KiB messages at 1,000 msg/s) stopped by SIGTERM 1.5 s after {@code printed}; its backlogPhase. */
    private JsonNode backlogPhaseStoppedAfter(String printed) throws Exception {
        Path workload = TempFiles.write(dir, "backlog.yaml", TempFiles.fixedRateWorkloadText("backlog", 1, 1024, 1000, 10, 1)
                + "consumerBacklogSizeGB: 0.003\n");
        return stoppedBySigterm(driver(), workload, printed, 1500).result().get("backlogPhase");
    }

    /** What a run stopped by SIGTERM saved, and what it printed to stderr. */
    private record Stopped(JsonNode result, String stderr) {}

    /**
     * Runs {@code workload}, sends SIGTERM {@code thenMillis} after the run printed {@code printed},
     * and returns the result it saved, which must exit with 143 and meet the schema.
     */
    private Stopped stoppedBySigterm(Path driver, Path workload, String printed, long thenMillis) throws Exception {
        Path out = dir.resolve("out");
        String stderr;
        try (JavaProcess run = JavaProcess.start(dir.resolve("logs"), "benchmark", List.of(), "io.mqbench.cli.Main",
                List.of("-d", driver.toString(), "-o", out.toString(), workload.toString()))) {
            run.awaitOutput(printed, 90);
            Thread.sleep(thenMillis);
            run.terminate();
            assertEquals(ExitCodes.TERMINATED, run.await(60), run.stdout() + run.stderr());
            stderr = run.stderr();
        }
        JsonNode result = BenchmarkCli.onlyResult(out);
        JsonSchemas.assertValid(JsonSchemas.file("result.schema.json"), result, "a result saved on SIGTERM after '" + printed + "'");
        return new Stopped(result, stderr);
    }

    @Test
    void anOutputFolderThatIsAFileIsRefusedBeforeAnythingRuns() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        for (Path folder : List.of(file, file.resolve("sub"))) {
            long start = System.nanoTime();
            BenchmarkCli run = BenchmarkCli.run("-d", driver().toString(), "-o", folder.toString(), workload(1).toString());
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(ExitCodes.USER_ERROR, run.exitCode, run.out() + run.err());
            assertTrue(run.err().startsWith("error: -o " + folder + ": "), run.err());
            assertEquals(1, run.err().lines().count(), "one line: " + run.err());
            assertFalse(run.out().contains("-- "), "no phase ran: " + run.out());
            assertTrue(seconds < 5, "refused at once, not after the run: " + seconds + " s");
        }
        assertEquals("x", Files.readString(file), "the file in the way is left alone");
    }

    @Test
    void aFolderThatFailsAtTheEndGivesWayToTheFallbackFolder() throws Exception {
        Path out = dir.resolve("out");
        BenchmarkCli run = new BenchmarkCli();
        Thread thread = new Thread(() -> run.execute("-d", driver().toString(), "-o", out.toString(), workload(3).toString()));
        thread.start();
        run.awaitOutput("-- measure");
        // The folder was fine when the run began; now a file stands where it was.
        Files.delete(out);
        Files.writeString(out, "in the way");
        thread.join(60_000);
        assertEquals(0, run.exitCode, run.out() + run.err());
        Path fallback = Path.of(System.getProperty("java.io.tmpdir"), BenchmarkRun.FALLBACK_FOLDER);
        String printed = run.out().lines().filter(l -> l.contains("result (complete): ")).findFirst().orElseThrow();
        Path saved = Path.of(printed.substring(printed.indexOf("): ") + 3).trim());
        try {
            assertEquals(fallback, saved.getParent(), printed);
            JsonNode result = ResultFiles.mapper().readTree(saved.toFile());
            assertTrue(result.get("warnings").toString().contains("could not write the result to " + out), result.get("warnings").toString());
            assertTrue(run.out().contains("WARNING: could not write the result to " + out), run.out());
        } finally {
            Files.deleteIfExists(saved);
        }
    }

    private Path driver() {
        return TempFiles.write(dir, "d.yaml", DRIVER);
    }

    private Path workload(int seconds) {
        return TempFiles.fixedRateWorkload(dir, "w-" + seconds, 1, 100, 1000, seconds, 0);
    }
}
