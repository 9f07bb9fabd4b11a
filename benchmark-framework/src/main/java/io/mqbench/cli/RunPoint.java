package io.mqbench.cli;

import io.mqbench.config.DriverFile;

/** One driver with one workload (or sweep point): one run, one result file. */
record RunPoint(DriverFile driver, RunPlan.PlannedWorkload workload) {

    /** Identifies the point across runs of a suite: the driver file, the workload file and the point's name. */
    String key() {
        return driver.file().getPath() + " | " + workload.file().getPath() + " | " + workload.workload().name;
    }
}
