package io.mqbench.coordinator;

import io.mqbench.stats.PeriodStats;

/** Whole seconds of statistics merged: a period in progress, or the seconds since the last live line. */
final class MergedSeconds {
    final long startNanos;
    long endNanos;
    int count;
    PeriodStats stats;

    MergedSeconds(long startNanos) {
        this.startNanos = startNanos;
        this.endNanos = startNanos;
    }

    void add(PeriodStats second, long endNanos) {
        stats = stats == null ? second : stats.followedBy(second);
        this.endNanos = endNanos;
        count++;
    }

    double length() {
        return (endNanos - startNanos) / 1e9;
    }
}
