package io.mqbench.coordinator;

/** The workload's rate, held for the test duration or until a message count (OMB's usual run). */
final class FixedRateMode implements MeasurementMode {
    @Override
    public String label() {
        return "fixed-rate";
    }

    @Override
    public String measureTitle(RunContext ctx) {
        return MeasurementMode.measuredFor(ctx, "measure", "");
    }

    @Override
    public void measure(RunContext ctx) throws Exception {
        Measure.measure(ctx, new LoadMonitor(ctx));
    }

    /** Only the warm-up stands between a start-up and the measured phase here. */
    @Override
    public boolean judgesSettling() {
        return true;
    }
}
