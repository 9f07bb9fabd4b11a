package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.RunWarnings;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.List;
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

    /**
     * A converged search found {@code capacity} (within 3 % below, 0.6 % above), the measured phase ran
     * at the rate found, held it with a flat backlog, published and consumed it, lost nothing, and
     * nothing but the machine's load warned; the trials end with the confirmation and the last climb.
     */
    static void assertFoundNear(JsonNode r, double capacity) {
        assertEquals("complete", r.get("status").asText());
        assertEquals("max-rate", r.get("mode").asText());
        JsonNode discovery = r.get("rateDiscovery");
        assertTrue(discovery.get("converged").asBoolean(), discovery.toString());
        double found = discovery.get("foundRate").asDouble();
        assertTrue(found <= capacity * 1.006 && found >= capacity * 0.97, "found " + found + " for a capacity of " + capacity);
        assertEquals(found, r.get("targetRate").asDouble(), 0.5, "the measured phase ran at the rate found");
        assertTrue(discovery.get("warmupExtendedSeconds").asDouble() > 0, "a 2 s warm-up is too short for the search");
        // A capacity that stays put: no sustainable trial achieved clearly more than the rate found.
        double most = discovery.get("mostAchievedRate").asDouble();
        assertTrue(most >= found * 0.97 && most <= capacity * 1.01, "most achieved " + most + ", found " + found);
        assertFalse(discovery.get("capacityMoved").asBoolean(true), discovery.toString());
        JsonNode measured = discovery.get("measuredPhases");
        assertEquals(1, measured.size());
        assertTrue(measured.get(0).get("held").asBoolean(), measured.toString());
        assertTrue(Math.abs(measured.get(0).get("backlogSlope").asDouble()) <= found * 0.005, measured.toString());
        assertEquals(found, r.at("/summary/publishRate/mean").asDouble(), found * 0.01, "published at the rate found");
        assertEquals(found, r.at("/summary/consumeRate/mean").asDouble(), found * 0.01, "and consumed it");
        // Warnings about the machine or the test JVM may come; nothing may say the search or the
        // measured phase failed.
        assertEquals(List.of(), RunWarnings.aboutTheRun(r), "no warning for a converged search whose rate held");
        JsonNode trials = discovery.get("trials");
        assertEquals("ramp", trials.get(0).get("stage").asText());
        // The bracket ends on a confirmation, which a second look at the same rate may follow when it
        // contradicted the bracket (seen in CI: confirm, recheck); then the last climb, whose first
        // step above a hard capacity fails.
        int last = trials.size() - 1;
        JsonNode climb = trials.get(last);
        assertEquals("climb", climb.get("stage").asText(), trials.toString());
        assertEquals("unsustainable", climb.get("verdict").asText(), trials.toString());
        assertTrue(climb.get("seconds").asDouble() >= 19.9, "the climb judges over 20 s: " + climb);
        while (last > 0 && "climb".equals(trials.get(last).get("stage").asText())) {
            last--;
        }
        while (last > 0 && "recheck".equals(trials.get(last).get("stage").asText())) {
            last--;
        }
        assertEquals("confirm", trials.get(last).get("stage").asText(), trials.toString());
        assertEquals(0, r.at("/delivery/lost").asLong());
        assertTrue(r.at("/delivery/drained").asBoolean());
    }
}
