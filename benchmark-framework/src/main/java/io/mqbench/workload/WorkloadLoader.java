package io.mqbench.workload;

import io.mqbench.config.YamlFiles;
import java.io.File;
import java.time.Duration;

/** Reads a workload YAML file, applies command-line overrides and checks every value. */
public final class WorkloadLoader {

    private WorkloadLoader() {}

    /**
     * @param testDuration the CLI's {@code --duration}, or null to keep the file's
     * @param warmup the CLI's {@code --warmup}, or null to keep the file's
     */
    public static Workload load(File file, Duration testDuration, Duration warmup) {
        Workload workload = YamlFiles.read(file, Workload.class);
        if (workload.name == null || workload.name.isBlank()) {
            // OMB names result files after the workload; a nameless one would be called "null".
            workload.name = baseName(file);
        }
        workload.overrideDurations(testDuration, warmup);
        WorkloadValidator.validate(file, workload);
        return workload;
    }

    public static Workload load(File file) {
        return load(file, null, null);
    }

    private static String baseName(File file) {
        String name = file.getName();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
