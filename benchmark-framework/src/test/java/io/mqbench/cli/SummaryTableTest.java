package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.result.RunEnd;
import io.mqbench.result.TestResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

    @Test
    void aRunThatWarnedIsMarkedInTheTableAndTheMarkExplained() {
        // A suite's table is read after its runs have scrolled by: a "complete" whose rate found did
        // not hold must not read like one that did.
        TestResult held = result("max-1kb", List.of());
        TestResult warned = result("max-100b", List.of("the measured phase did not hold 31,219 msg/s"));
        String table = print(List.of(outcome(held), outcome(warned)));
        List<String> lines = table.lines().filter(line -> line.startsWith("max-")).toList();
        assertEquals(2, lines.size(), table);
        assertTrue(lines.get(0).matches("max-1kb +Kafka-local +complete +1,000 .*"), table);
        assertTrue(lines.get(1).matches("max-100b +Kafka-local +complete\\* +1,000 .*"), table);
        assertTrue(table.contains("* warned: read the run's warnings (printed above and kept in the result's 'warnings')"
                + " before its figures"), table);
    }

    @Test
    void noWarningNoMarkAndNoLegend() {
        String table = print(List.of(outcome(result("max-1kb", null))));
        assertFalse(table.contains("*"), table);
        assertFalse(table.contains("warned"), table);
    }

    private static TestResult result(String workload, List<String> warnings) {
        TestResult result = new TestResult();
        result.workload = workload;
        result.driver = "Kafka-local";
        result.warnings = warnings == null ? null : List.copyOf(warnings);
        result.summary = new TestResult.Summary();
        result.summary.measuredSeconds = 30;
        result.summary.publishRate = new TestResult.Spread();
        result.summary.publishRate.mean = 1000;
        result.summary.consumeRate = new TestResult.Spread();
        result.summary.consumeRate.mean = 1000;
        return result;
    }

    private static BenchmarkRun.Outcome outcome(TestResult result) {
        return new BenchmarkRun.Outcome(result, Path.of("results", result.workload + ".json"), RunEnd.Status.COMPLETE);
    }

    private static String print(List<BenchmarkRun.Outcome> outcomes) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SummaryTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), outcomes);
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
