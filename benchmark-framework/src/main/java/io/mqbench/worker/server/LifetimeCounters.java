package io.mqbench.worker.server;

import io.mqbench.stats.CountersStats;

/**
 * Counters since the worker process started. A run's counters start from zero at every {@code
 * /stop-all}; Prometheus wants counters that only go up, so the totals of finished runs are kept
 * here and the current run's are added when asked.
 */
final class LifetimeCounters {
    private CountersStats finishedRuns = new CountersStats();

    /** Called just before a run's counters are discarded. */
    synchronized void addFinishedRun(CountersStats run) {
        finishedRuns = finishedRuns.plus(run);
    }

    synchronized CountersStats with(CountersStats current) {
        return finishedRuns.plus(current);
    }
}
