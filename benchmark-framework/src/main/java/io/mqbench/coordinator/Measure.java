package io.mqbench.coordinator;

/**
 * The measured phase: a fixed or searched rate for the test duration, or a backlog built and
 * drained. Ends by taking the cumulative histograms of exactly this window.
 */
final class Measure implements Phase {
    @Override
    public String title(RunContext ctx) {
        String what = ctx.workload.isBacklog() ? "build a backlog and drain it" : "measure";
        return what + " for " + Console.duration(ctx.workload.testDuration());
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        if (ctx.workload.isBacklog()) {
            new BacklogMeasurement(ctx).run();
        } else {
            new LoadMonitor(ctx).runFor("measure", ctx.workload.testDuration(), true);
        }
    }
}
