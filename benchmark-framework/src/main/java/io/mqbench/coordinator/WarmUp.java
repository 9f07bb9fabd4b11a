package io.mqbench.coordinator;

/** Runs the load without recording it, then empties the statistics (OMB's warm-up). */
final class WarmUp implements Phase {
    @Override
    public String title(RunContext ctx) {
        return "warm up for " + Console.duration(ctx.workload.warmupDuration());
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        if (!ctx.workload.warmupDuration().isZero()) {
            new LoadMonitor(ctx).runFor("warm-up", ctx.workload.warmupDuration(), false);
        }
        ctx.worker.resetStats();
    }
}
