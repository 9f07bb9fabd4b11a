package io.mqbench.coordinator;

import io.mqbench.result.TestResult;
import java.time.Duration;
import java.util.Locale;

/**
 * OMB's backlog mode: pause the consumers until {@code consumerBacklogSizeGB} waits in the broker,
 * then resume them and measure while producers keep going, until the backlog is drained down to
 * {@code 1 - backlogDrainRatio} of its size and the test duration has passed.
 */
final class BacklogMeasurement {
    private static final double GB = 1024.0 * 1024 * 1024;

    private final RunContext ctx;
    private final TestResult.BacklogPhase phase = new TestResult.BacklogPhase();

    BacklogMeasurement(RunContext ctx) {
        this.ctx = ctx;
    }

    void run() throws Exception {
        ctx.result.backlogPhase = phase;
        double messageBytes = ctx.meanPayloadSize();
        phase.targetBytes = (long) (ctx.workload.consumerBacklogSizeGB * GB);
        long targetMessages = (long) Math.ceil(phase.targetBytes / messageBytes);

        ctx.worker.pauseConsumers();
        LoadMonitor monitor = new LoadMonitor(ctx);
        long buildStart = System.nanoTime();
        Duration unbounded = Duration.ofDays(365);
        monitor.runUntil("backlog", Duration.ZERO,
                counters -> backlog(counters.messagesSent, counters.messagesReceived) >= targetMessages,
                unbounded, false,
                elapsed -> String.format(Locale.ROOT, "build backlog %s, target %.2f GB", Console.clock(elapsed), phase.targetBytes / GB));
        var built = ctx.worker.getCountersStats();
        phase.builtMessages = backlog(built.messagesSent, built.messagesReceived);
        phase.buildSeconds = (System.nanoTime() - buildStart) / 1e9;
        ctx.console.info(String.format(Locale.ROOT, "backlog of %,d messages built in %.1f s; resuming consumers", phase.builtMessages, phase.buildSeconds));

        ctx.worker.resetStats();
        ctx.worker.resumeConsumers();
        long drainedAt = (long) ((1 - ctx.workload.backlogDrainRatio) * phase.builtMessages);
        Duration minimum = ctx.workload.testDuration();
        Duration maximum = minimum.multipliedBy(3).plusMinutes(10);
        long drainStart = System.nanoTime();
        phase.drained = monitor.runUntil("drain", minimum,
                counters -> backlog(counters.messagesSent, counters.messagesReceived) <= drainedAt,
                maximum, true,
                elapsed -> Console.progress("drain", elapsed, minimum));
        phase.drainSeconds = (System.nanoTime() - drainStart) / 1e9;
        if (!phase.drained) {
            ctx.console.info("the backlog was not drained within " + Console.duration(maximum));
        }
    }

    private long backlog(long sent, long received) {
        return ctx.assembler.backlog(sent, received);
    }
}
