package io.mqbench.result;

import io.mqbench.Version;
import io.mqbench.config.DriverFile;
import io.mqbench.workload.Workload;
import java.io.File;
import java.time.Instant;
import java.util.List;

/**
 * What a run is, known before it starts: the static part of its result (the workload and driver
 * as run, the mode, this machine, the start), which {@link ResultAssembler#describe} writes first.
 *
 * @param mode     the measurement mode's label: {@code fixed-rate}, {@code max-rate} or {@code backlog}
 * @param workers  the one line that says which worker runs what; remote workers' reports replace it at the end
 */
public record RunMetadata(Workload workload, DriverFile driver, File workloadFile, String mode, String workers, Instant start) {

    void writeTo(TestResult r) {
        r.workload = workload.name;
        r.driver = driver.name();
        r.messageSize = workload.messageSize;
        r.topics = workload.topics;
        r.partitions = workload.partitionsPerTopic;
        r.producersPerTopic = workload.producersPerTopic;
        r.consumersPerTopic = workload.consumerPerSubscription;
        r.mqbenchVersion = Version.current();
        r.startTime = start.toString();
        r.mode = mode;
        // The workload's rate until the run ends; a rate search changes it (ResultAssembler.finish).
        r.targetRate = (double) workload.rate();
        r.sweepName = workload.sweepName;
        r.sweepPoint = workload.sweepPoint;
        r.workloadFile = workloadFile.getPath();
        r.workloadConfig = ResultFiles.mapper().valueToTree(workload);
        r.driverFile = driver.file().getPath();
        r.driverConfig = driver.redactedSettings();
        r.host = HostFacts.ofThisMachine();
        r.workers = List.of(workers);
    }
}
