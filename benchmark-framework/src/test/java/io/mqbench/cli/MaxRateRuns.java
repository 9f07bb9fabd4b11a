package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.regex.Pattern;

/** A {@code producerRate: 0} run through the command line, shared by the max-rate run tests. */
final class MaxRateRuns {
    private MaxRateRuns() {}

    /** What a run printed and the result it wrote. */
    record Run(BenchmarkCli cli, JsonNode result) {}

    /** Runs {@code workload} and returns its result, checked against the schema; the search must have been printed and extended. */
    static JsonNode run(Path dir, Path driver, Path workload) throws Exception {
        Run run = runChecked(dir, driver, workload);
        assertTrue(run.cli().out().contains("warm-up extended"), run.cli().out());
        return run.result();
    }

    /** Runs {@code workload}: it must succeed, print the search's first trial and write a result the schema accepts. */
    static Run runChecked(Path dir, Path driver, Path workload) throws Exception {
        Path out = dir.resolve("results");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out.toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        // The first trial's line, at 0:00 on a quiet machine (0:02 seen when a stalled VM had just resumed).
        assertTrue(Pattern.compile("\\[search 0:0\\d\\] ramp    1,000 msg/s").matcher(run.out()).find(), run.out());
        JsonNode result = BenchmarkCli.onlyResult(out);
        JsonSchemas.assertValid(JsonSchemas.file("result.schema.json"), result, "a max-rate result (with its rate search)");
        return new Run(run, result);
    }

    static Path workload(Path dir, int size, String extra) {
        return TempFiles.write(dir, "w.yaml", String.format("""
                name: max
                topics: 1
                partitionsPerTopic: 1
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                messageSize: %d
                producerRate: 0
                testDurationSeconds: 12
                warmupDurationSeconds: 2
                """, size) + extra);
    }
}
