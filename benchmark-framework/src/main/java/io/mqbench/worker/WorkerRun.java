package io.mqbench.worker;

import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.WorkerStats;

/**
 * One run of a {@link LocalWorker}, from its driver's start to {@code stopAll}: what a metrics
 * scrape reads of it from another thread while the run goes on. The counters and latencies are
 * the worker's own (nothing is recorded twice); the rest is set by the worker's commands.
 */
public final class WorkerRun {
    private final String driver;
    private final WorkerStats stats;
    private volatile double targetPublishRate;
    private volatile boolean producing;
    private volatile boolean consuming;

    WorkerRun(String driver, WorkerStats stats) {
        this.driver = driver;
        this.stats = stats;
    }

    /** The driver file's {@code name}. */
    public String driver() {
        return driver;
    }

    /** Messages per second this worker's producers are asked for together; 0 while no load runs. */
    public double targetPublishRate() {
        return targetPublishRate;
    }

    /** {@code producer}, {@code consumer}, {@code producer+consumer}, or {@code none} before either was created. */
    public String role() {
        if (producing && consuming) {
            return "producer+consumer";
        }
        return producing ? "producer" : consuming ? "consumer" : "none";
    }

    /** Totals since the run started, probe messages included. */
    public CountersStats counters() {
        return stats.counters();
    }

    /** Every latency since the run started (the coordinator's stats resets do not clear these). */
    public CumulativeLatencies latencies() {
        return stats.runLatencies();
    }

    void targetPublishRate(double rate) {
        targetPublishRate = rate;
    }

    void producing() {
        producing = true;
    }

    void consuming() {
        consuming = true;
    }
}
