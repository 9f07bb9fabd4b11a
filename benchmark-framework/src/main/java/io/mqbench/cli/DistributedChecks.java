package io.mqbench.cli;

import io.mqbench.config.DriverFile;
import io.mqbench.config.UserError;
import io.mqbench.driver.api.InProcessBroker;
import io.mqbench.worker.ensemble.Placement;
import io.mqbench.worker.ensemble.RemoteWorkers;
import io.mqbench.worker.protocol.WireJson;
import io.mqbench.worker.protocol.WorkerIdentity;
import io.mqbench.workload.Workload;

/**
 * Mistakes that only show once the workers are known, caught before any run instead of minutes
 * into one: a workload feature an upstream OMB worker would silently ignore, and an in-process
 * broker split across processes.
 */
final class DistributedChecks {
    private DistributedChecks() {}

    static void check(RemoteWorkers workers, RunPlan plan) {
        for (WorkerIdentity identity : workers.identities()) {
            if (identity.mqbench()) {
                continue;
            }
            for (RunPlan.PlannedWorkload planned : plan.workloads()) {
                Workload w = planned.workload();
                String features = WireJson.mqbenchFeaturesUsed(
                        w.maxOutstandingSends == null ? 0 : w.maxOutstandingSends, w.batchSize().min(), w.batchSize().max());
                if (features != null) {
                    throw new UserError(planned.file() + ": workload '" + w.name + "' uses " + features + ", which "
                            + identity.url() + " (an upstream OMB worker) would silently ignore; run bin/benchmark-worker there or leave it out");
                }
            }
        }
        if (workers.placement() == Placement.SPLIT && workers.identities().size() > 1) {
            for (DriverFile driver : plan.drivers()) {
                if (driver.foundHere() && InProcessBroker.class.isAssignableFrom(driver.driverType())) {
                    throw new UserError(driver.file() + ": " + driver.driverClass() + " keeps its broker inside each worker,"
                            + " so with the split placement producers and consumers would never meet; add --placement colocated");
                }
            }
        }
    }
}
