package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shape of a result file (every field path, arrays' elements as {@code []}) is pinned: tools
 * that read results (OMB's own, charts, compare, users' scripts) break when a field moves or
 * vanishes, and a restructuring of how a run is driven must not change what it writes. A field
 * added on purpose is added to the resource file in the same change.
 */
class ResultShapeTest {
    /**
     * Fields a run writes only when they apply (a warning, a warm-up that had to wait for the
     * producers): whether this short run has them depends on the machine, not on the code.
     */
    private static final Set<String> ONLY_WHEN_THEY_APPLY = Set.of("warnings", "warmUpExtendedSeconds", "warmUpConsumerCatchUpSeconds",
            "statusReason");

    @TempDir
    Path dir;

    @Test
    void aFixedRateRunWritesTheSameFieldsAsBefore() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback\n"
                + LoopbackDriverYaml.CLASS_LINE);
        Path workload = TempFiles.write(dir, "w.yaml", """
                name: shape
                topics: 1
                partitionsPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                messageSize: 100
                producerRate: 500
                testDurationSeconds: 3
                warmupDurationSeconds: 1
                """);
        Path out = dir.resolve("out");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out.toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());

        JsonNode result = BenchmarkCli.onlyResult(out);
        JsonSchemas.assertValid(JsonSchemas.file("result.schema.json"), result, "a fixed-rate result (update schemas/ with the result)");
        assertEquals(String.join("\n", expected("/result-shape/fixed-rate.txt")),
                String.join("\n", shape(result)),
                "the fields of a fixed-rate result (update src/test/resources/result-shape/ with a field added on purpose)");
    }

    private static List<String> expected(String resource) throws IOException {
        try (InputStream in = ResultShapeTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        }
    }

    /** Every field path of {@code result}, sorted; an array's elements are one path ending in {@code []}. */
    static List<String> shape(JsonNode result) {
        Set<String> paths = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = result.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!ONLY_WHEN_THEY_APPLY.contains(field.getKey())) {
                collect(field.getKey(), field.getValue(), paths);
            }
        }
        return new ArrayList<>(paths);
    }

    private static void collect(String path, JsonNode node, Set<String> into) {
        into.add(path);
        if (path.endsWith("Quantiles")) {
            return; // OMB's quantile maps: their keys are the percentiles the histogram happened to have
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> collect(path + "." + field.getKey(), field.getValue(), into));
        } else if (node.isArray()) {
            node.forEach(element -> {
                if (element.isContainerNode()) {
                    collect(path + "[]", element, into);
                }
            });
        }
    }
}
