package io.mqbench.metrics;

import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.worker.WorkerRun;

/**
 * Counters and latencies of the runs that share one set of labels. A run's own numbers start
 * from zero, but Prometheus wants series that only grow, so finished runs are kept and the
 * running one is added when scraped.
 */
record RunTotals(CountersStats counters, CumulativeLatencies latencies) {
    /**
     * Latencies first: a message is counted before its latency is recorded, so counters read
     * after the histograms were cut hold every message those show (a page with 2189 publish
     * latencies beside 2183 sends is what the other order gave).
     */
    static RunTotals of(WorkerRun run) {
        CumulativeLatencies latencies = run.latencies();
        return new RunTotals(run.counters(), latencies);
    }

    RunTotals plus(RunTotals other) {
        return new RunTotals(counters.plus(other.counters), latencies.plus(other.latencies));
    }
}
