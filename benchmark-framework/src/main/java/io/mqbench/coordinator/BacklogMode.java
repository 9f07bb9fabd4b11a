package io.mqbench.coordinator;

/** OMB's backlog mode at the workload's rate: consumers paused until the backlog is built, then drained while measured. */
final class BacklogMode implements MeasurementMode {
    @Override
    public String label() {
        return "backlog";
    }

    @Override
    public String measureTitle(RunContext ctx) {
        return "build a backlog and drain it for " + Console.duration(ctx.workload.testDuration());
    }

    @Override
    public void measure(RunContext ctx) throws Exception {
        new BacklogMeasurement(ctx).run();
    }
}
