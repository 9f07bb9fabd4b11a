package io.mqbench.metrics;

import io.mqbench.worker.LocalWorker;
import io.mqbench.worker.WorkerRun;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A worker process's metrics, read at scrape time: client_java asks, this collector reads the
 * {@link LocalWorker}'s current run and adds the finished runs' totals it was told of. Nothing
 * is recorded per message here (see {@link LatencyBuckets}).
 *
 * <p>Lifetime totals without double counting or dips: the worker tells of a run's end while the
 * run is still its current one; from then on a scrape skips that run, whose numbers are now in
 * the finished totals. Both sides hold this object's lock.
 */
public final class WorkerMetrics implements MultiCollector {
    private final String instance;
    /** Guarded by this. */
    private final Map<RunLabels, RunTotals> finished = new LinkedHashMap<>();
    private LocalWorker worker;
    private String workload = "";
    private WorkerRun lastFinished;

    /** @param instance a random id of the process, as the worker protocol's {@code /identity} gives */
    public WorkerMetrics(String instance) {
        this.instance = instance;
    }

    /**
     * Reads this worker from now on (a local run makes a worker for each of its runs).
     *
     * @param workloadName the workload's name, or null where it is not known (a remote worker)
     * @return the worker
     */
    public synchronized LocalWorker follow(LocalWorker followed, String workloadName) {
        worker = followed;
        workload = workloadName == null ? "" : workloadName;
        String followedWorkload = workload;
        followed.onRunEnd(run -> runEnded(run, new RunLabels(run.driver(), followedWorkload, followed.id())));
        return followed;
    }

    private synchronized void runEnded(WorkerRun run, RunLabels labels) {
        finished.merge(labels, RunTotals.of(run), RunTotals::plus);
        lastFinished = run;
    }

    @Override
    public synchronized MetricSnapshots collect() {
        WorkerRun running = worker == null ? null : worker.currentRun();
        if (running == lastFinished) {
            running = null;
        }
        Map<RunLabels, RunTotals> totals = new LinkedHashMap<>(finished);
        RunLabels runningLabels = null;
        if (running != null) {
            runningLabels = new RunLabels(running.driver(), workload, worker.id());
            totals.merge(runningLabels, RunTotals.of(running), RunTotals::plus);
        }
        return MetricFamilies.of(instance, totals, running, runningLabels);
    }
}
