package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.LoadProbe;
import io.mqbench.coordinator.maxrate.LoadSample;
import io.mqbench.coordinator.maxrate.WindowLatencies;
import io.mqbench.stats.PeriodStats;
import java.io.IOException;

/** The rate search's view of the run's workers: rate, counters and period latencies; waits honour Ctrl-C. */
final class WorkerLoadProbe implements LoadProbe {
    private final RunContext ctx;

    WorkerLoadProbe(RunContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void setRate(double messagesPerSecond) throws IOException {
        ctx.worker.adjustPublishRate(messagesPerSecond);
        ctx.targetRate = messagesPerSecond;
    }

    @Override
    public LoadSample sample() throws IOException {
        return LoadSample.of(ctx.worker.getCountersStats(), System.nanoTime());
    }

    @Override
    public WindowLatencies takeLatencies() throws IOException {
        PeriodStats period = ctx.worker.getPeriodStats();
        return new WindowLatencies(period.publishLatency, period.endToEndLatency);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void sleep(long millis) {
        ctx.stop.sleep(millis);
    }
}
