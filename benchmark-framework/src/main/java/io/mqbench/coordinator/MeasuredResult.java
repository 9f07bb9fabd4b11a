package io.mqbench.coordinator;

import io.mqbench.stats.PeriodStats;

/** Hands a measured phase's seconds and periods to the result: its one-second samples and OMB's periods. */
final class MeasuredResult implements LoadListener {
    private final RunContext ctx;

    MeasuredResult(RunContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void second(PeriodStats second, long endNanos, double seconds, double sincePhaseStart) {
        ctx.assembler.addSample(second, seconds, sincePhaseStart);
    }

    @Override
    public void period(MergedSeconds period, String progress) {
        ctx.assembler.addPeriod(period.stats, period.length());
        ctx.measurementStarted = true;
    }
}
