package io.mqbench.suite;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mqbench.config.RelativeFile;
import io.mqbench.config.UserError;
import io.mqbench.config.YamlFiles;
import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * A suite: a study in one file, every driver against every workload (and every sweep point).
 *
 * <pre>
 * name: paper-2023                  # names the results folder; default: the file name
 * description: what the suite reproduces and where it comes from
 * drivers: [driver-kafka/kafka-local.yaml, driver-redis/redis-local.yaml]
 * workloads: [workloads/paper-2023/throughput-message-size.yaml]
 * </pre>
 *
 * Paths are relative to the current folder, the mqbench folder or the suite file's folder.
 */
public record SuiteFile(File file, String name, String description, List<File> drivers, List<File> workloads) {

    /** The YAML shape; strict like every other file. */
    static final class Yaml {
        public String name;
        public String description;
        @JsonProperty(required = true)
        public List<String> drivers;
        @JsonProperty(required = true)
        public List<String> workloads;
    }

    public static SuiteFile load(File file) {
        Yaml yaml = YamlFiles.read(file, Yaml.class);
        if (yaml.drivers == null || yaml.drivers.isEmpty()) {
            throw new UserError(file + ": field 'drivers' is missing or empty; list the driver files to run, e.g. [driver-loopback/loopback.yaml]");
        }
        if (yaml.workloads == null || yaml.workloads.isEmpty()) {
            throw new UserError(file + ": field 'workloads' is missing or empty; list the workload files to run");
        }
        String name = yaml.name == null || yaml.name.isBlank() ? file.getName().replaceFirst("\\.ya?ml$", "") : yaml.name;
        return new SuiteFile(file, name, yaml.description, resolveAll(file, "drivers", yaml.drivers), resolveAll(file, "workloads", yaml.workloads));
    }

    private static List<File> resolveAll(File suite, String field, List<String> paths) {
        List<File> files = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            files.add(resolve(suite, field + "[" + i + "]", paths.get(i)));
        }
        return files;
    }

    /** As given, then relative to the mqbench folder, then to the suite's folder ({@link RelativeFile}). */
    private static File resolve(File suite, String field, String path) {
        return RelativeFile.of(path, suite).find().orElseThrow(() -> new UserError(suite + ": field '" + field + "': '"
                + path + "' not found; paths are relative to the current folder, the mqbench folder or the suite's folder"));
    }
}
