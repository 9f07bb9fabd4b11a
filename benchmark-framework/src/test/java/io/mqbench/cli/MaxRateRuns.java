package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;

/** A {@code producerRate: 0} run through the command line, shared by the max-rate run tests. */
final class MaxRateRuns {
    private MaxRateRuns() {}

    /** Runs {@code workload} and returns its result, checked against the schema; the search must have been printed and extended. */
    static JsonNode run(Path dir, Path driver, Path workload) throws Exception {
        Path out = dir.resolve("results");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out.toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        assertTrue(run.out().contains("[search 0:00] ramp    1,000 msg/s"), run.out());
        assertTrue(run.out().contains("warm-up extended"), run.out());
        JsonNode result = BenchmarkCli.onlyResult(out);
        JsonSchemas.assertValid(JsonSchemas.file("result.schema.json"), result, "a max-rate result (with its rate search)");
        return result;
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
