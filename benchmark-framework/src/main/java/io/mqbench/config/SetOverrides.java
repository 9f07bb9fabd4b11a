package io.mqbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The command line's {@code --set workload.field=value} and {@code --set driver.key=value}: one-off
 * changes to every workload or every driver file of a run, without editing a copy of the file
 * (as PerfTest and kafka-producer-perf-test take their settings from flags).
 *
 * <p>A value is read as YAML ({@code 100} a number, {@code true} a boolean, {@code [a, b]} a
 * list), except a value with a line break, which stays text. A dotted key reaches into
 * mappings ({@code driver.reconnect.interval=2s}); where it reaches a text field of
 * {@code key=value} lines, as Kafka's {@code producerConfig}, the rest of the key names a line
 * of it ({@code driver.producerConfig.linger.ms=5} sets or adds {@code linger.ms=5}).
 * The changed files are checked exactly as the files themselves are.
 */
public record SetOverrides(List<Assignment> assignments) {

    public static final SetOverrides NONE = new SetOverrides(List.of());

    /** One {@code --set}: which file kind, the path of the field in it, the value. */
    public record Assignment(String option, Target target, List<String> path, JsonNode value) {
        String key() {
            return String.join(".", path);
        }
    }

    public enum Target { WORKLOAD, DRIVER }

    private static final Pattern KEY_SEGMENT = Pattern.compile("[^.\\s=]+");

    public static SetOverrides parse(List<String> options) {
        List<Assignment> parsed = new ArrayList<>();
        for (String option : options) {
            parsed.add(parseOne(option));
        }
        return new SetOverrides(List.copyOf(parsed));
    }

    private static Assignment parseOne(String option) {
        String shown = "--set " + option;
        int equals = option.indexOf('=');
        if (equals < 0) {
            throw new UserError(shown + ": expected workload.<field>=<value> or driver.<key>=<value>, e.g."
                    + " --set workload.messageSize=100");
        }
        String key = option.substring(0, equals).trim();
        String value = option.substring(equals + 1);
        int dot = key.indexOf('.');
        String scope = dot < 0 ? key : key.substring(0, dot);
        Target target = switch (scope) {
            case "workload" -> Target.WORKLOAD;
            case "driver" -> Target.DRIVER;
            default -> throw new UserError(shown + ": '" + scope + "' is neither workload nor driver; write"
                    + " workload.<field>=<value> or driver.<key>=<value>");
        };
        List<String> path = dot < 0 ? List.of() : Arrays.asList(key.substring(dot + 1).split("\\.", -1));
        if (path.isEmpty() || !path.stream().allMatch(segment -> KEY_SEGMENT.matcher(segment).matches())) {
            throw new UserError(shown + ": name the field after '" + scope + ".', e.g. --set "
                    + (target == Target.WORKLOAD ? "workload.producerRate=1000" : "driver.prefetch=500"));
        }
        if (target == Target.DRIVER && (path.get(0).equals("driverClass"))) {
            throw new UserError(shown + ": the driver class belongs to the driver file; give another file with -d");
        }
        return new Assignment(shown, target, List.copyOf(path), valueOf(value));
    }

    /** The value as YAML reads it; text with a line break stays text, as do values YAML cannot read. */
    private static JsonNode valueOf(String text) {
        JsonNode parsed = text.contains("\n") ? null : YamlFiles.parseValue(text);
        return parsed == null ? TextNode.valueOf(text) : parsed;
    }

    public boolean changesDrivers() {
        return assignments.stream().anyMatch(a -> a.target() == Target.DRIVER);
    }

    public boolean changesWorkloads() {
        return assignments.stream().anyMatch(a -> a.target() == Target.WORKLOAD);
    }

    /** The options as given, for messages and a suite's record of how it was run. */
    public String describe(Target target) {
        return assignments.stream().filter(a -> a.target() == target).map(Assignment::option).collect(Collectors.joining(" "));
    }

    public String describe() {
        return assignments.stream().map(Assignment::option).collect(Collectors.joining(" "));
    }

    /**
     * Applies the workload assignments to a workload file's tree (its sweep still in it). A
     * field the file's sweep varies cannot be set as well: the sweep would overwrite it.
     */
    public void applyToWorkload(File file, ObjectNode tree) {
        for (Assignment assignment : assignments) {
            if (assignment.target() != Target.WORKLOAD) {
                continue;
            }
            JsonNode sweep = tree.get("sweep");
            if (assignment.path().size() == 1 && sweep != null && sweep.has(assignment.path().get(0))) {
                throw new UserError(assignment.option() + ": " + file + " sweeps '" + assignment.key() + "'; set the sweep's"
                        + " values instead, e.g. --set workload.sweep." + assignment.key() + "=[100,1024]");
            }
            set(file, tree, assignment);
        }
    }

    /** Applies the driver assignments to a driver file's tree. */
    public void applyToDriver(File file, ObjectNode tree) {
        for (Assignment assignment : assignments) {
            if (assignment.target() == Target.DRIVER) {
                set(file, tree, assignment);
            }
        }
    }

    private static void set(File file, ObjectNode tree, Assignment assignment) {
        ObjectNode parent = tree;
        List<String> path = assignment.path();
        for (int i = 0; i < path.size() - 1; i++) {
            String segment = path.get(i);
            JsonNode child = parent.get(segment);
            if (child == null || child.isNull()) {
                parent = parent.putObject(segment);
            } else if (child.isObject()) {
                parent = (ObjectNode) child;
            } else if (child.isTextual()) {
                String property = String.join(".", path.subList(i + 1, path.size()));
                parent.put(segment, PropertyLines.with(child.asText(), property, plainText(assignment)));
                return;
            } else {
                throw new UserError(assignment.option() + ": field '" + String.join(".", path.subList(0, i + 1)) + "' of "
                        + file + " is a " + child.getNodeType().toString().toLowerCase() + ", not a mapping;"
                        + " set it whole: --set " + assignment.target().name().toLowerCase() + "."
                        + String.join(".", path.subList(0, i + 1)) + "=<value>");
            }
        }
        parent.set(path.get(path.size() - 1), assignment.value());
    }

    private static String plainText(Assignment assignment) {
        if (!assignment.value().isValueNode()) {
            throw new UserError(assignment.option() + ": a line of a key=value text field takes a plain value,"
                    + " not a list or mapping");
        }
        return assignment.value().asText();
    }
}
