package io.mqbench.coordinator;

import io.mqbench.result.ClockOffset;
import io.mqbench.result.TestResult;
import io.mqbench.result.WorkerReport;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last phase, run whatever happened once the load had started (a failure, a stop, a count not
 * reached): the cumulative latencies, the delivery check, the send errors, the workers stopped and
 * described, whether latency had settled and the client's own load judged, the status written.
 * Each step guards itself, so one that fails (a worker gone) costs only its own part of the
 * result, and the run is still saved.
 */
final class Teardown implements Phase {
    private static final Logger log = LoggerFactory.getLogger(Teardown.class);

    @Override
    public String title(RunContext ctx) {
        return "stop producers and check delivery";
    }

    @Override
    public void run(RunContext ctx) {
        if (ctx.end.isComplete() || ctx.measurementStarted) {
            AtomicLong negative = new AtomicLong();
            attempt(ctx, "count negative end-to-end latencies",
                    () -> negative.set(ctx.worker.getCumulativeLatencies().negativeEndToEndLatencies));
            ctx.assembler.aggregate(negative.get());
        }
        attempt(ctx, "check delivery", () -> ctx.assembler.delivery(new DeliveryCheck(ctx).run()));
        attempt(ctx, "place missing messages around the faults", () -> FaultOutcome.attributeMissing(ctx));
        attempt(ctx, "collect send errors", () -> ctx.assembler.sendErrors(ctx.worker.getSendErrors()));
        attempt(ctx, "report failures", () -> FailureWarnings.add(ctx));
        attempt(ctx, "estimate the workers' clocks again", ctx.worker::estimateClockOffsets);
        attempt(ctx, "stop the workers", ctx.worker::stopAll);
        describeWorkers(ctx);
        ctx.assembler.summarize();
        attempt(ctx, "judge whether latency had settled", () -> LatencySettling.check(ctx));
        attempt(ctx, "judge the client's own load", () -> ctx.clientLoad.report(ctx));
        ctx.assembler.finish(ctx.end, ctx.mode.resultTargetRate(ctx));
    }

    /** Which worker ran what; for remote workers also their clocks and their own measurements. */
    private static void describeWorkers(RunContext ctx) {
        String placement = ctx.worker.placement();
        List<WorkerReport> reports = ctx.worker.workerReports();
        TestResult.Clocks clocks = reports.isEmpty() ? ClockReport.local() : ClockReport.of(reports);
        ctx.assembler.workers(placement, reports, clocks);
        if (clocks.maxErrorMicros > ClockOffset.WARN_ABOVE_MICROS) {
            ctx.warn(String.format(Locale.ROOT, "end-to-end latencies between hosts may be off by up to %.1f ms"
                    + " (clock offsets between producing and consuming workers, with their uncertainty): see 'clocks'",
                    clocks.maxErrorMicros / 1000.0));
        }
    }

    private static void attempt(RunContext ctx, String what, ThrowingAction action) {
        try {
            action.run();
        } catch (Exception e) {
            log.debug(what, e);
            ctx.console.info("could not " + what + ": " + e.getMessage());
            ctx.end = ctx.end.orBecause("could not " + what + ": " + e.getMessage());
        }
    }

    @FunctionalInterface
    private interface ThrowingAction {
        void run() throws Exception;
    }
}
