package io.mqbench.coordinator;

import io.mqbench.stats.PeriodStats;
import java.util.function.DoubleSupplier;

/**
 * The console's live line: with every period by default, else on a clock of its own every
 * {@code --live-interval} seconds (and once more with the phase's last second).
 */
final class LiveLine implements LoadListener {
    private final RunContext ctx;
    private final DoubleSupplier cpuShare;
    private final boolean withPeriods;
    private MergedSeconds seconds;

    /** @param cpuShare the client CPU share shown: the last period's (it is measured per period) */
    LiveLine(RunContext ctx, DoubleSupplier cpuShare) {
        this.ctx = ctx;
        this.cpuShare = cpuShare;
        this.withPeriods = ctx.console.liveSeconds() == LoadMonitor.SECONDS_PER_PERIOD;
    }

    @Override
    public void started(long nanoTime) {
        seconds = new MergedSeconds(nanoTime);
    }

    @Override
    public void second(PeriodStats second, long endNanos, double length, double sincePhaseStart) {
        if (!withPeriods) {
            seconds.add(second, endNanos);
        }
    }

    @Override
    public void period(MergedSeconds period, String progress) {
        if (withPeriods) {
            print(period, progress);
        }
    }

    @Override
    public void tickEnded(String progress, boolean last) {
        if (!withPeriods && (seconds.count == ctx.console.liveSeconds() || last)) {
            print(seconds, progress);
            seconds = new MergedSeconds(seconds.endNanos);
        }
    }

    private void print(MergedSeconds merged, String progress) {
        long backlog = ctx.assembler.backlog(merged.stats.totalMessagesSent, merged.stats.totalMessagesReceived);
        ctx.console.live(progress, merged.stats, merged.length(), backlog, cpuShare.getAsDouble());
    }
}
