package io.mqbench.coordinator;

import java.time.Duration;
import java.util.Locale;

/**
 * The measured phase: a fixed or searched rate for the test duration, or a backlog built and
 * drained. Ends by taking the cumulative histograms of exactly this window.
 */
final class Measure implements Phase {
    @Override
    public String title(RunContext ctx) {
        if (ctx.workload.messageCount != null) {
            return String.format(Locale.ROOT, "measure until %,d messages are received (limit %s)",
                    ctx.workload.messageCount, Console.duration(ctx.workload.testDuration()));
        }
        String what = ctx.workload.isBacklog() ? "build a backlog and drain it" : "measure";
        return what + " for " + Console.duration(ctx.workload.testDuration());
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        if (ctx.workload.isBacklog()) {
            new BacklogMeasurement(ctx).run();
        } else if (ctx.workload.messageCount != null) {
            measureCount(ctx, ctx.workload.messageCount);
        } else {
            new LoadMonitor(ctx).runFor("measure", ctx.workload.testDuration(), true);
        }
    }

    /** A count-bounded run: until that many messages were received, the duration being the limit. */
    private static void measureCount(RunContext ctx, long count) throws Exception {
        long received = ctx.worker.getCountersStats().messagesReceived;
        Duration limit = ctx.workload.testDuration();
        String goal = String.format(Locale.ROOT, "until %,d received", count);
        ctx.result.messageCount = count;
        ctx.result.messageCountReached = new LoadMonitor(ctx).runUntil("measure", Duration.ZERO,
                counters -> counters.messagesReceived - received >= count, limit, true,
                elapsed -> "measure " + Console.clock(elapsed) + " " + goal + " (limit " + Console.clock(limit) + ")");
        if (!ctx.result.messageCountReached) {
            ctx.console.info(String.format(Locale.ROOT, "%,d messages were not received within %s", count, Console.duration(limit)));
        }
    }
}
