package io.mqbench.cli;

import io.mqbench.config.DriverFile;

/**
 * One driver with one workload (or sweep point): one run, one result file.
 *
 * @param round which round of the command's runs this is (1 unless {@code --repeat})
 * @param rounds how many rounds the command runs
 */
record RunPoint(DriverFile driver, RunPlan.PlannedWorkload workload, int round, int rounds) {

    RunPoint(DriverFile driver, RunPlan.PlannedWorkload workload) {
        this(driver, workload, 1, 1);
    }

    /** Identifies the point across runs of a suite: the driver file, the workload file and the point's name. */
    String key() {
        return driver.file().getPath() + " | " + workload.file().getPath() + " | " + workload.workload().name;
    }

    /** " (round 2 of 3)" when the command repeats its runs; nothing otherwise. */
    String roundText() {
        return rounds > 1 ? " (round " + round + " of " + rounds + ")" : "";
    }
}
