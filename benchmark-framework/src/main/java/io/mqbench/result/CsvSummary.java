package io.mqbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.UserError;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One CSV row per result file in a folder (OMB's {@code -c}), for spreadsheets. Reads mqbench
 * results and plain OMB results alike; columns OMB files lack stay empty.
 */
public final class CsvSummary {
    static final List<String> COLUMNS = List.of(
            "file", "workload", "driver", "status", "messageSize", "topics", "partitions",
            "producersPerTopic", "consumersPerTopic", "targetRate", "publishRate", "publishRateStddev",
            "consumeRate", "publishMBps", "publishLatencyAvgMs", "publishLatency50pctMs",
            "publishLatency99pctMs", "publishLatencyMaxMs", "publishDelay50pctUs", "publishDelay99pctUs",
            "endToEndLatencyAvgMs", "endToEndLatency50pctMs", "endToEndLatency95pctMs",
            "endToEndLatency99pctMs", "endToEndLatencyMaxMs", "lost", "duplicated", "outOfOrder",
            "mode", "rateHeld", "warnings");
    /** The whole run's latencies, in the order of their columns. */
    static final List<String> LATENCY_FIELDS = List.of("aggregatedPublishLatencyAvg", "aggregatedPublishLatency50pct",
            "aggregatedPublishLatency99pct", "aggregatedPublishLatencyMax",
            "aggregatedPublishDelayLatency50pct", "aggregatedPublishDelayLatency99pct",
            "aggregatedEndToEndLatencyAvg", "aggregatedEndToEndLatency50pct",
            "aggregatedEndToEndLatency95pct", "aggregatedEndToEndLatency99pct",
            "aggregatedEndToEndLatencyMax");
    /** Publish rate, its spread, consume rate and publish MB/s, then the latencies. */
    private static final int MEASURED_CELLS = 4 + LATENCY_FIELDS.size();

    private CsvSummary() {}

    /**
     * Writes {@code summary-<time>.csv} into {@code folder} and returns its path. Subfolders are
     * searched too (a suite keeps its results in {@code <suite>/<run-id>/}), as {@code bin/charts}
     * does; the file column is then the path below {@code folder}.
     */
    public static Path write(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new UserError(folder + ": not a folder; --csv takes the folder that holds result files");
        }
        List<Path> files;
        try (Stream<Path> listing = Files.walk(folder)) {
            files = listing.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p)).sorted().toList();
        }
        List<List<String>> rows = new ArrayList<>();
        for (Path file : files) {
            JsonNode result;
            try {
                result = ResultFiles.mapper().readTree(file.toFile());
            } catch (IOException e) {
                System.err.println("skipping " + file + ": not JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
                continue;
            }
            if (result == null || !result.has("publishRate")) {
                System.err.println("skipping " + file + ": not a benchmark result");
                continue;
            }
            rows.add(row(folder.relativize(file), result));
        }
        Path out = folder.resolve("summary-" + DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss").format(LocalDateTime.now()) + ".csv");
        try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            writer.write(String.join(",", COLUMNS) + "\n");
            for (List<String> row : rows) {
                writer.write(String.join(",", row.stream().map(CsvSummary::quote).toList()) + "\n");
            }
        }
        return out;
    }

    private static List<String> row(Path file, JsonNode r) {
        JsonNode summary = r.path("summary");
        JsonNode delivery = r.path("delivery");
        List<String> row = new ArrayList<>();
        row.add(file.toString());
        row.add(r.path("workload").asText(""));
        row.add(r.path("driver").asText(""));
        // OMB results carry no status: say so, as bin/charts does, rather than guess "complete".
        row.add(r.path("status").asText("unknown (OMB result)"));
        row.add(r.path("messageSize").asText(""));
        row.add(r.path("topics").asText(""));
        row.add(r.path("partitions").asText(""));
        row.add(r.path("producersPerTopic").asText(""));
        row.add(r.path("consumersPerTopic").asText(""));
        row.add(r.has("targetRate") ? number(r.get("targetRate").asDouble()) : "");
        row.addAll(measuredFigures(r, summary));
        boolean checked = delivery.path("checked").asBoolean(false);
        // Empty while unknown: the drain ended before the redelivery horizon had passed.
        row.add(checked && delivery.hasNonNull("lost") ? delivery.path("lost").asText() : "");
        row.add(checked ? delivery.path("duplicated").asText() : "");
        row.add(checked ? delivery.path("outOfOrder").asText() : "");
        row.add(r.path("mode").asText(""));
        // Max-rate runs: whether the measured phase held the rate it was paced at (targetRate).
        JsonNode phases = r.path("rateDiscovery").path("measuredPhases");
        row.add(phases.isArray() && phases.size() > 0 ? phases.get(phases.size() - 1).path("held").asText() : "");
        List<String> warnings = new ArrayList<>();
        r.path("warnings").forEach(warning -> warnings.add(warning.asText()));
        row.add(String.join("; ", warnings));
        return row;
    }

    /**
     * Rates and latencies of the measured phase. A run stopped before its first period measured
     * none: its cells stay empty, where its file has zeros (OMB's fields are plain numbers) that a
     * spreadsheet would sort as the fastest and lowest-latency run of all.
     */
    private static List<String> measuredFigures(JsonNode r, JsonNode summary) {
        if (r.path("publishRate").isEmpty()) {
            return Collections.nCopies(MEASURED_CELLS, "");
        }
        List<String> cells = new ArrayList<>();
        cells.add(number(summary.has("publishRate") ? summary.path("publishRate").path("mean").asDouble() : mean(r.path("publishRate"))));
        cells.add(summary.has("publishRate") ? number(summary.path("publishRate").path("stddev").asDouble()) : "");
        cells.add(number(summary.has("consumeRate") ? summary.path("consumeRate").path("mean").asDouble() : mean(r.path("consumeRate"))));
        cells.add(number(summary.has("publishThroughputMBps")
                ? summary.get("publishThroughputMBps").asDouble()
                : mean(r.path("publishRate")) * r.path("messageSize").asDouble() / ResultAssembler.MB));
        for (String field : LATENCY_FIELDS) {
            cells.add(r.has(field) ? number(r.get(field).asDouble()) : "");
        }
        return cells;
    }

    private static double mean(JsonNode list) {
        double sum = 0;
        int n = 0;
        for (JsonNode value : list) {
            sum += value.asDouble();
            n++;
        }
        return n == 0 ? 0 : sum / n;
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value).replaceAll("\\.?0+$", "");
    }

    private static String quote(String value) {
        return value.contains(",") || value.contains("\"") || value.contains("\n")
                ? "\"" + value.replace("\"", "\"\"") + "\""
                : value;
    }
}
