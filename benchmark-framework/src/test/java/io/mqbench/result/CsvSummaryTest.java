package io.mqbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CSV summary's measured cells: the figures of a run that measured something, nothing for one that did not. */
class CsvSummaryTest {
    @TempDir
    Path dir;

    @Test
    void aRunThatMeasuredNoPeriodHasEmptyRateAndLatencyCellsNotZeros() throws Exception {
        // Before the fix an aborted run's row read publish rate 0 and every latency 0 ms: sorted
        // in a spreadsheet, the fastest run with the lowest latency of all.
        write("aborted.json", result("aborted", List.of()));
        write("complete.json", result("complete", List.of(1000.0, 1002.0)));
        List<String> lines = Files.readAllLines(CsvSummary.write(dir));
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        List<String> aborted = Arrays.asList(lines.get(1).split(",", -1));
        List<String> complete = Arrays.asList(lines.get(2).split(",", -1));
        assertEquals("aborted.json", aborted.get(0));
        for (String column : List.of("publishRate", "publishRateStddev", "consumeRate", "publishMBps", "publishLatency99pctMs",
                "publishDelay99pctUs", "endToEndLatency50pctMs", "endToEndLatency99pctMs", "endToEndLatencyMaxMs")) {
            int i = header.indexOf(column);
            assertEquals("", aborted.get(i), column + " of a run that measured nothing");
            assertEquals(false, complete.get(i).isEmpty(), column + " of a run that measured");
        }
        assertEquals("1001", complete.get(header.indexOf("publishRate")));
        assertEquals("2.5", complete.get(header.indexOf("endToEndLatency99pctMs")));
        assertEquals("0", aborted.get(header.indexOf("lost")), "the delivery check covers the warm-up too, and stays");
    }

    private void write(String name, ObjectNode result) throws Exception {
        ResultFiles.mapper().writeValue(dir.resolve(name).toFile(), result);
    }

    /** A result shaped as mqbench writes it, with {@code rates} as its periods' publish and consume rates. */
    private static ObjectNode result(String status, List<Double> rates) {
        ObjectNode r = ResultFiles.mapper().createObjectNode();
        r.put("workload", "w").put("driver", "Loopback").put("status", status).put("messageSize", 100).put("mode", "fixed-rate");
        r.putArray("publishRate").addAll(rates.stream().map(rate -> r.numberNode(rate)).toList());
        r.putArray("consumeRate").addAll(rates.stream().map(rate -> r.numberNode(rate)).toList());
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        ObjectNode summary = r.putObject("summary");
        summary.putObject("publishRate").put("mean", mean).put("stddev", rates.isEmpty() ? 0 : 1.0);
        summary.putObject("consumeRate").put("mean", mean);
        summary.put("publishThroughputMBps", mean * 100 / ResultAssembler.MB);
        for (String field : CsvSummary.LATENCY_FIELDS) {
            r.put(field, rates.isEmpty() ? 0.0 : 2.5);
        }
        r.putObject("delivery").put("checked", true).put("lost", 0).put("duplicated", 0).put("outOfOrder", 0);
        return r;
    }
}
