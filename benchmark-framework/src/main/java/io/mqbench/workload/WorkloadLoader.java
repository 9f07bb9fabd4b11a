package io.mqbench.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.config.SetOverrides;
import io.mqbench.config.UserError;
import io.mqbench.config.YamlFiles;
import io.mqbench.driver.support.ByteRate;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a workload YAML file into the workloads it stands for: one, or one per point of its
 * {@code sweep}. Applies command-line overrides, turns {@code producerRateBytes} into a message
 * rate, and checks every value of every point before anything runs.
 */
public final class WorkloadLoader {

    private WorkloadLoader() {}

    /**
     * @param testDuration the CLI's {@code --duration}, or null to keep the file's
     * @param warmup the CLI's {@code --warmup}, or null to keep the file's
     */
    public static List<Workload> loadAll(File file, Duration testDuration, Duration warmup) {
        return loadAll(file, testDuration, warmup, SetOverrides.NONE);
    }

    /** As {@link #loadAll(File, Duration, Duration)}, with the command line's {@code --set workload.*} applied first. */
    public static List<Workload> loadAll(File file, Duration testDuration, Duration warmup, SetOverrides overrides) {
        ObjectNode tree = (ObjectNode) YamlFiles.readTree(file);
        if (!overrides.changesWorkloads()) {
            return expand(file, tree, testDuration, warmup);
        }
        overrides.applyToWorkload(file, tree);
        try {
            return expand(file, tree, testDuration, warmup);
        } catch (UserError e) {
            throw e.changedBy(file, null, overrides.describe(SetOverrides.Target.WORKLOAD));
        }
    }

    private static List<Workload> expand(File file, ObjectNode tree, Duration testDuration, Duration warmup) {
        JsonNode sweep = tree.remove("sweep");
        List<Workload> workloads = new ArrayList<>();
        for (Map<String, JsonNode> point : SweepPoints.of(file, sweep)) {
            ObjectNode pointTree = tree.deepCopy();
            point.forEach(pointTree::set);
            Workload workload = YamlFiles.bind(file, pointTree, Workload.class);
            String baseName = workload.name == null || workload.name.isBlank() ? baseName(file) : workload.name;
            String where = file.toString();
            if (!point.isEmpty()) {
                workload.sweepName = baseName;
                workload.sweepPoint = plainValues(point);
                where += " (sweep point " + label(workload.sweepPoint) + ")";
                workload.name = baseName + " (" + label(workload.sweepPoint) + ")";
            } else {
                // OMB names result files after the workload; a nameless one would be called "null".
                workload.name = baseName;
            }
            workload.overrideDurations(testDuration, warmup);
            WorkloadValidator.validate(where, workload);
            resolveByteRate(workload);
            workloads.add(workload);
        }
        return workloads;
    }

    /** A file that must hold exactly one workload (no sweep). */
    public static Workload load(File file, Duration testDuration, Duration warmup) {
        List<Workload> all = loadAll(file, testDuration, warmup);
        if (all.size() != 1) {
            throw new UserError(file + ": has a sweep of " + all.size() + " points where one workload was expected");
        }
        return all.get(0);
    }

    public static Workload load(File file) {
        return load(file, null, null);
    }

    /** {@code messageSize=1024, producerRate=500} */
    public static String label(Map<String, Object> point) {
        return point.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    private static void resolveByteRate(Workload workload) {
        if (workload.producerRateBytes != null) {
            workload.producerRate = ByteRate.messagesPerSecond(ByteRate.parse(workload.producerRateBytes), workload.messageSize);
        }
    }

    private static Map<String, Object> plainValues(Map<String, JsonNode> point) {
        Map<String, Object> values = new LinkedHashMap<>();
        point.forEach((field, node) -> values.put(field, YamlFiles.strictMapper().convertValue(node, Object.class)));
        return values;
    }

    private static String baseName(File file) {
        String name = file.getName();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
