package io.mqbench.coordinator;

import java.time.Duration;
import java.util.Locale;

/**
 * The measured phase, as the workload's {@link MeasurementMode} runs it; {@link #measure} is the
 * measured load at a fixed rate that the fixed-rate and maximum-rate modes share.
 */
final class Measure implements Phase {
    @Override
    public String title(RunContext ctx) {
        return ctx.mode.measureTitle(ctx);
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        ctx.mode.measure(ctx);
    }

    /** The test duration, or a count-bounded run (until that many messages were received, the duration being the limit). */
    static void measure(RunContext ctx, LoadMonitor monitor) throws Exception {
        if (ctx.faults == null) {
            measureLoad(ctx, monitor);
            return;
        }
        try {
            measureLoad(ctx, monitor.startingWith(ctx.faults::start));
        } finally {
            FaultOutcome.record(ctx, ctx.faults.finish());
        }
    }

    private static void measureLoad(RunContext ctx, LoadMonitor monitor) throws Exception {
        if (ctx.workload.messageCount == null) {
            monitor.runFor("measure", ctx.workload.testDuration(), true);
            return;
        }
        long count = ctx.workload.messageCount;
        long received = ctx.worker.getCountersStats().messagesReceived;
        Duration limit = ctx.workload.testDuration();
        String goal = String.format(Locale.ROOT, "until %,d received", count);
        ctx.assembler.messageCount(count);
        boolean reached = monitor.runUntil("measure", Duration.ZERO,
                counters -> counters.messagesReceived - received >= count, limit, true,
                elapsed -> "measure " + Console.clock(elapsed) + " " + goal + " (limit " + Console.clock(limit) + ")");
        ctx.assembler.messageCountReached(reached);
        if (!reached) {
            ctx.shortOfWorkload = String.format(Locale.ROOT, "%,d messages were not received within the limit of %s",
                    count, Console.duration(limit));
            ctx.console.info(ctx.shortOfWorkload);
        }
    }
}
