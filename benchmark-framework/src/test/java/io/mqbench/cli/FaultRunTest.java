package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload's fault schedule through the command line, on the loopback driver (commands only: no broker to hit). */
class FaultRunTest {
    private static final String LOOPBACK = LoopbackDriverYaml.named("Loopback");

    @TempDir
    Path dir;

    @Test
    void aCommandRunsAtItsTimeAndTheResultSaysHowItWent() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", LOOPBACK);
        Path marker = dir.resolve("ran");
        Path workload = TempFiles.write(dir, "w.yaml", TempFiles.fixedRateWorkloadText("faulty", 1, 100, 1000, 6, 0) + String.format("""
                faults:
                  - {at: 4s, action: command, run: "false"}
                  - {at: 2s, action: command, run: "echo first > '%s'; echo done"}
                """, marker));
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", dir.resolve("out").toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        assertEquals("first", Files.readString(marker).strip());

        JsonNode result = BenchmarkCli.onlyResult(dir.resolve("out"));
        JsonSchemas.assertValid(JsonSchemas.file("result.schema.json"), result, "a result with faults");
        JsonNode faults = result.get("faults");
        assertEquals(2, faults.size(), faults.toString());
        JsonNode first = faults.get(0);
        assertEquals("command", first.get("action").asText());
        assertEquals(2.0, first.get("dueSecond").asDouble());
        assertEquals(2.0, first.get("startSecond").asDouble(), 0.3, "ran when due: " + first);
        assertEquals("ok", first.get("outcome").asText());
        assertEquals("done", first.get("detail").asText());
        assertTrue(first.has("recovery"), "a command may disrupt: its figures are taken");
        assertEquals(0, first.at("/recovery/publishUnavailableSeconds").asDouble(), 0.2, "the loopback did not notice: " + first);
        JsonNode second = faults.get(1);
        assertEquals("failed", second.get("outcome").asText());
        assertEquals("exit 1: ", second.get("detail").asText());
        assertTrue(run.out().contains("WARNING: the fault command 'false' at 4.0 s failed (exit 1: ): the run did not go through it as planned"),
                run.out());
    }

    @Test
    void aFaultDueAfterACountBoundedRunEndedIsRecordedAsNotRun() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", LOOPBACK);
        Path workload = TempFiles.write(dir, "w.yaml", TempFiles.fixedRateWorkloadText("count", 1, 100, 1000, 30, 0) + """
                messageCount: 1500
                faults:
                  - {at: 20s, action: command, run: "true"}
                """);
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", dir.resolve("out").toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        JsonNode fault = BenchmarkCli.onlyResult(dir.resolve("out")).get("faults").get(0);
        assertEquals("not run", fault.get("outcome").asText());
        assertEquals("the measured phase ended first", fault.get("detail").asText());
        assertTrue(!fault.has("startSecond"));
    }

    @Test
    void aWrongFaultStopsTheRunBeforeAnythingStarts() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", LOOPBACK);
        Path workload = TempFiles.write(dir, "w.yaml", TempFiles.fixedRateWorkloadText("faulty", 1, 100, 1000, 6, 0) + """
                faults:
                  - {at: 2s, action: kill, target: kafka}
                  - {at: 3s, action: kill, target: kafka}
                """);
        BenchmarkCli run = BenchmarkCli.run("--validate", "-d", driver.toString(), workload.toString());
        assertEquals(ExitCodes.USER_ERROR, run.exitCode);
        assertEquals("error: " + workload + ": field 'faults': kill kafka at 3s finds kafka stopped; put a start (or thaw, or heal) before it",
                run.err().strip());
    }
}
