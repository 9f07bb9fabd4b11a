package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.LoadSample;
import io.mqbench.coordinator.maxrate.WindowLatencies;
import io.mqbench.result.TestResult;
import io.mqbench.stats.CumulativeLatencies;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measured phase of {@code producerRate: 0}: the rate the search found, fixed for the whole
 * phase, then judged by the search's own rule. A phase that did not hold its rate (backlog growing,
 * producers short, latency over the limit) is flagged in the result; with {@code maxRateRetries} it
 * is measured again, each time {@value #RETRY_STEP_PERCENT}% lower, after the backlog has drained.
 */
final class MaxRateMeasurement {
    static final int RETRY_STEP_PERCENT = 5;
    private static final Duration SETTLE = Duration.ofSeconds(2);

    private final RunContext ctx;

    MaxRateMeasurement(RunContext ctx) {
        this.ctx = ctx;
    }

    void run() throws Exception {
        TestResult.RateDiscovery discovery = ctx.result.rateDiscovery;
        int retries = ctx.workload.maxRateRetries == null ? 0 : ctx.workload.maxRateRetries;
        WorkerLoadProbe probe = new WorkerLoadProbe(ctx);
        double rate = ctx.targetRate;
        for (int attempt = 0; ; attempt++) {
            ctx.measuredAttemptRate = rate;
            List<LoadSample> samples = new ArrayList<>();
            LoadSample start = probe.sample();
            samples.add(start);
            Measure.measure(ctx, new LoadMonitor(ctx).keepingSamples(samples));
            CumulativeLatencies measured = ctx.assembler.measuredLatencies();
            TestResult.MeasuredPhaseCheck check = ctx.rateSearch.judgeMeasuredPhase(rate, samples,
                    new WindowLatencies(measured.publishLatency, measured.endToEndLatency));
            discovery.measuredPhases.add(check);
            if (check.held) {
                ctx.console.info(String.format(Locale.ROOT, "the measured phase held %,.0f msg/s: %s", rate, check.reason));
                return;
            }
            String failed = String.format(Locale.ROOT, "the measured phase did not hold %,.0f msg/s: %s", rate, check.reason);
            if (attempt >= retries) {
                ctx.warn(failed + (retries == 0 ? " (maxRateRetries measures again lower)" : ""));
                return;
            }
            rate = rate * (1 - RETRY_STEP_PERCENT / 100.0);
            ctx.console.info(failed + String.format(Locale.ROOT, "; draining, then measuring again at %,.0f msg/s (retry %d of %d)",
                    rate, attempt + 1, retries));
            ctx.rateSearch.drainTo(start);
            probe.setRate(rate);
            new LoadMonitor(ctx).runFor("settle", SETTLE, false);
            ctx.worker.resetStats();
            ctx.assembler.discardPeriods();
        }
    }
}
