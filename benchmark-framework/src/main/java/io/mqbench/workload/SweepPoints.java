package io.mqbench.workload;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.UserError;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expands a workload's {@code sweep:} (field: list of values) into every combination, the first
 * field varying slowest, so a file's points run in a predictable order.
 */
final class SweepPoints {
    /** Fields that name or shape the sweep itself and so cannot be swept. */
    private static final Set<String> NOT_SWEEPABLE = Set.of("name", "sweep");

    private SweepPoints() {}

    /** The points; a single empty point when there is no sweep. */
    static List<Map<String, JsonNode>> of(File file, JsonNode sweep) {
        List<Map<String, JsonNode>> points = new ArrayList<>();
        points.add(new LinkedHashMap<>());
        if (sweep == null || sweep.isNull()) {
            return points;
        }
        if (!sweep.isObject() || sweep.isEmpty()) {
            throw new UserError(file + ": field 'sweep' must map workload fields to lists of values, e.g. sweep: {messageSize: [100, 1024]}");
        }
        var fields = sweep.fields();
        while (fields.hasNext()) {
            var field = fields.next();
            String name = field.getKey();
            JsonNode values = field.getValue();
            if (NOT_SWEEPABLE.contains(name)) {
                throw new UserError(file + ": field 'sweep." + name + "': '" + name + "' cannot be swept");
            }
            if (!values.isArray() || values.isEmpty()) {
                throw new UserError(file + ": field 'sweep." + name + "' must be a non-empty list of values, e.g. [100, 1024]");
            }
            List<Map<String, JsonNode>> expanded = new ArrayList<>();
            for (Map<String, JsonNode> point : points) {
                for (JsonNode value : values) {
                    Map<String, JsonNode> next = new LinkedHashMap<>(point);
                    next.put(name, value);
                    expanded.add(next);
                }
            }
            points = expanded;
        }
        return points;
    }
}
