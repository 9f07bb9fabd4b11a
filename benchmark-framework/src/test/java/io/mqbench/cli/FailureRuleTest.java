package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import io.mqbench.testing.RunWarnings;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that survived failures stays complete, but every failure shows: a warning in the result
 * and on the console, a send-error column in the final table, and exit status 1 when asked for
 * with --fail-on-errors or --fail-on-loss.
 */
class FailureRuleTest {
    private static final String FAULTY = """
            name: Faulty
            driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver
            deliveryLatency: {distribution: uniform, minMs: 1, maxMs: 4}
            keepOrder: false
            lossRate: 0.01
            duplicateRate: 0.005
            sendErrorRate: 0.01
            redeliveryHorizonMs: 1000
            """;

    @TempDir
    Path dir;

    @Test
    void failuresAreWarningsInTheResultAndTheTable() throws Exception {
        BenchmarkCli run = run(FAULTY, "out");
        assertEquals(ExitCodes.OK, run.exitCode, "a run that survived its failures ends normally: " + run.err());
        JsonNode result = BenchmarkCli.onlyResult(dir.resolve("out"));
        assertEquals("complete", result.get("status").asText());
        String warnings = result.get("warnings").toString();
        assertTrue(warnings.contains("send(s) failed; most often: "), warnings);
        assertTrue(warnings.contains("confirmed deliveries were lost"), warnings);
        assertTrue(warnings.contains("deliveries were duplicates"), warnings);
        assertTrue(warnings.contains("deliveries came out of order"), warnings);
        assertTrue(run.out().contains("WARNING: "), run.out());
        String header = run.out().lines().filter(l -> l.startsWith("workload")).findFirst().orElseThrow();
        assertTrue(header.contains("send err"), header);
        long errors = result.get("sendErrors").properties().stream().mapToLong(e -> e.getValue().asLong()).sum();
        String row = run.out().lines().filter(l -> l.contains("Faulty")).reduce((a, b) -> b).orElseThrow();
        String shown = String.format(Locale.ROOT, " %,d ", errors);
        assertTrue(errors > 0 && row.contains(shown), "the row shows the send errors as" + shown + ": " + row);
    }

    @Test
    void failOnErrorsAndFailOnLossTurnThemIntoExitStatusOne() {
        assertEquals(ExitCodes.RUN_FAILED, run(FAULTY, "errors", "--fail-on-errors").exitCode);
        assertEquals(ExitCodes.RUN_FAILED, run(FAULTY.replace("sendErrorRate: 0.01", "sendErrorRate: 0"), "loss", "--fail-on-loss").exitCode);
        String clean = LoopbackDriverYaml.named("Clean");
        BenchmarkCli fine = run(clean, "clean", "--fail-on-errors", "--fail-on-loss");
        assertEquals(ExitCodes.OK, fine.exitCode, fine.out() + fine.err());
        assertEquals(List.of(), RunWarnings.aboutTheRun(fine.out().lines()), fine.out());
    }

    @Test
    void aCleanRunHasNoWarnings() throws Exception {
        BenchmarkCli run = run(LoopbackDriverYaml.named("Clean"), "clean");
        assertEquals(ExitCodes.OK, run.exitCode);
        // A busy machine may add the client-load warning (seen in CI at 92 % busy), the test JVM the
        // JIT's; nothing else may warn.
        assertEquals(List.of(), RunWarnings.aboutTheRun(BenchmarkCli.onlyResult(dir.resolve("clean"))));
    }

    private BenchmarkCli run(String driver, String out, String... options) {
        Path driverFile = TempFiles.write(dir, out + "-driver.yaml", driver);
        Path workload = TempFiles.fixedRateWorkload(dir, "w", 1, 100, 2000, 3, 0);
        String[] args = new String[options.length + 5];
        System.arraycopy(options, 0, args, 0, options.length);
        System.arraycopy(new String[] {"-d", driverFile.toString(), "-o", dir.resolve(out).toString(), workload.toString()},
                0, args, options.length, 5);
        return BenchmarkCli.run(args);
    }
}
