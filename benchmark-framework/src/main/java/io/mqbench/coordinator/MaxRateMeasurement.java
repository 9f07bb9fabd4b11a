package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.LoadSample;
import io.mqbench.coordinator.maxrate.RateSearch;
import io.mqbench.coordinator.maxrate.WindowLatencies;
import io.mqbench.result.TestResult;
import io.mqbench.stats.CumulativeLatencies;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measured phase of {@code producerRate: 0}: the rate the search found, fixed for the whole
 * phase, then judged by the search's own rule. A phase that did not hold its rate (backlog or sends
 * awaiting acknowledgement growing, producers short, latency over the limit) is flagged in the
 * result; with {@code maxRateRetries} it is measured again, each time {@value #RETRY_STEP_PERCENT}%
 * lower, after what it left has drained. Each attempt starts as {@link
 * io.mqbench.coordinator.maxrate.RateSearch#startMeasuredPhase} leaves the system, and its check
 * says what that drain took.
 */
final class MaxRateMeasurement {
    static final int RETRY_STEP_PERCENT = 5;

    private final RunContext ctx;

    MaxRateMeasurement(RunContext ctx) {
        this.ctx = ctx;
    }

    void run() throws Exception {
        TestResult.RateDiscovery discovery = ctx.result.rateDiscovery;
        int retries = ctx.workload.maxRateRetries == null ? 0 : ctx.workload.maxRateRetries;
        WorkerLoadProbe probe = new WorkerLoadProbe(ctx);
        double rate = ctx.targetRate;
        RateSearch.Restart restart = ctx.measuredRestart;
        for (int attempt = 0; ; attempt++) {
            ctx.measuredAttemptRate = rate;
            List<LoadSample> samples = new ArrayList<>();
            samples.add(probe.sample());
            Measure.measure(ctx, new LoadMonitor(ctx).keepingSamples(samples));
            CumulativeLatencies measured = ctx.assembler.measuredLatencies();
            TestResult.MeasuredPhaseCheck check = ctx.rateSearch.judgeMeasuredPhase(rate, samples,
                    new WindowLatencies(measured.publishLatency, measured.endToEndLatency));
            if (restart != null) {
                check.drainedMessages = restart.drainedMessages();
                check.drainSeconds = restart.drainSeconds();
                check.settleSeconds = restart.settleSeconds();
            }
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
            ctx.console.info(failed + String.format(Locale.ROOT, "; measuring again at %,.0f msg/s (retry %d of %d)",
                    rate, attempt + 1, retries));
            restart = ctx.rateSearch.startMeasuredPhase(rate);
            MaxRateMode.tellDrain(ctx, restart, "the attempt left", rate);
            ctx.worker.resetStats();
            ctx.assembler.discardPeriods();
        }
    }
}
