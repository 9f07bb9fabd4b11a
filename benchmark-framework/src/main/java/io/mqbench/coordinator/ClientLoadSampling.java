package io.mqbench.coordinator;

/**
 * Samples the client's own load at the start of a phase and at the end of every period (the CPU
 * share is a period's figure); in a measured phase the samples count for the result's client load.
 */
final class ClientLoadSampling implements LoadListener {
    private final RunContext ctx;
    private final boolean measured;
    private double lastShare = Double.NaN;

    ClientLoadSampling(RunContext ctx, boolean measured) {
        this.ctx = ctx;
        this.measured = measured;
    }

    @Override
    public void started(long nanoTime) {
        ctx.clientLoad.sample(ctx.worker, false);
    }

    @Override
    public void period(MergedSeconds period, String progress) {
        lastShare = ctx.clientLoad.sample(ctx.worker, measured);
    }

    /** The busiest worker's share of its cores in the last period, NaN before the first or when unknown. */
    double lastShare() {
        return lastShare;
    }
}
