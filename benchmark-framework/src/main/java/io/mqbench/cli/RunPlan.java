package io.mqbench.cli;

import io.mqbench.config.DriverFile;
import io.mqbench.config.SetOverrides;
import io.mqbench.workload.Payloads;
import io.mqbench.workload.Workload;
import io.mqbench.workload.WorkloadLoader;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Every driver and workload (each point of a sweep counts as one) of a command line, loaded and
 * checked before any broker is touched, so that a typo in the last file does not surface an hour
 * into the first run.
 */
record RunPlan(List<DriverFile> drivers, List<PlannedWorkload> workloads) {

    record PlannedWorkload(File file, Workload workload, List<byte[]> payloads) {}

    /** @param overrides {@code --set}, applied to every driver or every workload file */
    static RunPlan load(List<File> driverFiles, List<File> workloadFiles, Duration duration, Duration warmup,
                        SetOverrides overrides, boolean remoteWorkers) {
        List<DriverFile> drivers = new ArrayList<>();
        for (File file : driverFiles) {
            drivers.add(DriverFile.prepare(file, overrides, System::getenv, remoteWorkers));
        }
        List<PlannedWorkload> workloads = new ArrayList<>();
        for (File file : workloadFiles) {
            for (Workload workload : WorkloadLoader.loadAll(file, duration, warmup, overrides)) {
                workloads.add(new PlannedWorkload(file, workload, Payloads.forWorkload(workload, file)));
            }
        }
        return new RunPlan(drivers, workloads);
    }

    /** One line per driver whose class only the workers have: what was not checked here. */
    List<String> remoteOnlyNotes() {
        List<String> notes = new ArrayList<>();
        for (DriverFile driver : drivers) {
            if (!driver.foundHere()) {
                notes.add("note: " + driver.file() + ": " + driver.driverClass() + " is not on this machine's classpath;"
                        + " the workers check it and its settings when they start the driver");
            }
        }
        return notes;
    }

    /** Every driver with every workload, drivers outermost. */
    List<RunPoint> points() {
        return rounds(1);
    }

    /**
     * Every driver with every workload, {@code rounds} times over ({@code --repeat}): each round runs
     * them all before the next begins, so the drivers alternate and a system that drifts over the
     * session does not favour the driver that ran first.
     */
    List<RunPoint> rounds(int rounds) {
        List<RunPoint> points = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            for (DriverFile driver : drivers) {
                for (PlannedWorkload workload : workloads) {
                    points.add(new RunPoint(driver, workload, round, rounds));
                }
            }
        }
        return points;
    }
}
