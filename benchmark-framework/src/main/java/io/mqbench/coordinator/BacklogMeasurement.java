package io.mqbench.coordinator;

import io.mqbench.result.TestResult;
import io.mqbench.stats.CountersStats;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * OMB's backlog mode: pause the consumers until {@code consumerBacklogSizeGB} waits in the broker,
 * then resume them and measure while producers keep going, until the backlog is drained and the
 * test duration has passed.
 *
 * <p>"Drained" cannot mean a backlog of 0: messages in flight at the producers' rate and messages
 * the broker lost keep "sent minus received" above it for good. The backlog counts as drained at
 * {@code 1 - backlogDrainRatio} of its size, or at a floor of the larger of 1 000 messages (OMB's)
 * and the backlog the run carried before the consumers were paused (what is in flight at this
 * rate); or once it has stopped shrinking for {@value #SETTLED_SECONDS} s while the consumers take
 * at least what the producers send (what remains is loss, which no wait would drain).
 */
final class BacklogMeasurement {
    private static final double GB = 1024.0 * 1024 * 1024;
    /** OMB's floor. */
    static final long MIN_FLOOR = 1_000;
    static final int SETTLED_SECONDS = 5;

    private final RunContext ctx;
    private final TestResult.BacklogPhase phase = new TestResult.BacklogPhase();
    private long buildStart;
    /** 0 until the consumers resume. */
    private long drainStart;
    private DrainProgress progress;

    BacklogMeasurement(RunContext ctx) {
        this.ctx = ctx;
    }

    void run() throws Exception {
        ctx.assembler.backlogPhase(phase);
        try {
            buildAndDrain();
        } catch (Exception e) {
            endedEarly();
            throw e;
        }
    }

    private void buildAndDrain() throws Exception {
        double messageBytes = ctx.meanPayloadSize();
        phase.targetBytes = (long) (ctx.workload.consumerBacklogSizeGB * GB);
        long targetMessages = (long) Math.ceil(phase.targetBytes / messageBytes);

        CountersStats before = ctx.worker.getCountersStats();
        long inFlight = backlog(before);
        ctx.worker.pauseConsumers();
        buildStart = System.nanoTime();
        Duration unbounded = Duration.ofDays(365);
        new LoadMonitor(ctx).runUntil("backlog", Duration.ZERO,
                counters -> backlog(counters) >= targetMessages,
                unbounded, false,
                elapsed -> String.format(Locale.ROOT, "build backlog %s, target %.2f GB", Console.clock(elapsed), phase.targetBytes / GB));
        recordBuild(backlog(ctx.worker.getCountersStats()));
        ctx.console.info(String.format(Locale.ROOT, "backlog of %,d messages built in %.1f s; resuming consumers", phase.builtMessages, phase.buildSeconds));

        ctx.worker.resetStats();
        long receivedBefore = ctx.worker.getCountersStats().messagesReceived;
        phase.floorMessages = Math.max(Math.max(MIN_FLOOR, inFlight), (long) ((1 - ctx.workload.backlogDrainRatio) * phase.builtMessages));
        progress = new DrainProgress(ctx.workload.subscriptionsPerTopic);
        Duration minimum = ctx.workload.testDuration();
        Duration maximum = minimum.multipliedBy(3).plusMinutes(10);
        drainStart = System.nanoTime();
        LoadMonitor drain = new LoadMonitor(ctx).startingWith(ctx.worker::resumeConsumers);
        boolean done = drain.runUntil("drain", minimum, counters -> progress.drained(counters, backlog(counters), phase.floorMessages), maximum, true,
                elapsed -> Console.progress("drain", elapsed, minimum));
        recordDrain(backlog(ctx.worker.getCountersStats()));
        if (phase.drained && phase.drainSeconds > 0) {
            phase.drainRate = (progress.receivedAtDrained - receivedBefore) / phase.drainSeconds;
        }
        if (progress.settled) {
            ctx.console.info(String.format(Locale.ROOT, "the backlog stopped shrinking at %,d messages while the consumers kept up:"
                    + " the rest is loss or in flight", progress.settledAt));
        }
        if (!phase.drained) {
            ctx.console.info("the backlog was not drained within " + Console.duration(maximum));
        } else if (!done) {
            ctx.console.info("the backlog was drained, but the measured phase was cut at " + Console.duration(maximum));
        }
    }

    /**
     * The run stopped (Ctrl-C) or failed during the build or the drain: the phase keeps what was
     * true when it ended, says where it ended, and leaves out what that step never reached.
     */
    private void endedEarly() {
        if (buildStart == 0) {
            return; // before the build: nothing of the phase happened
        }
        Long backlog = backlogIfKnown();
        if (drainStart == 0) {
            recordBuild(backlog);
            phase.note = String.format(Locale.ROOT, "the run ended while the backlog was being built, %.0f s in%s",
                    phase.buildSeconds, backlog == null ? "" : String.format(Locale.ROOT, " (%,d messages of the target)", backlog));
            return;
        }
        recordDrain(backlog);
        phase.note = String.format(Locale.ROOT, "the run ended during the drain, %.0f s after the consumers resumed",
                (System.nanoTime() - drainStart) / 1e9);
    }

    /** The build's figures, now: at its end, or when the run ended during it. */
    private void recordBuild(Long backlog) {
        phase.builtMessages = backlog;
        phase.buildSeconds = (System.nanoTime() - buildStart) / 1e9;
    }

    /** The drain's figures, now: its time to the floor if it got there, else so far; the backlog left. */
    private void recordDrain(Long backlog) {
        phase.drained = progress.drainedAtNanos != 0;
        phase.drainSeconds = ((phase.drained ? progress.drainedAtNanos : System.nanoTime()) - drainStart) / 1e9;
        phase.residualMessages = backlog;
    }

    /** The backlog now, or null if the workers cannot say (a failure may have taken them). */
    private Long backlogIfKnown() {
        try {
            return backlog(ctx.worker.getCountersStats());
        } catch (Exception e) {
            return null;
        }
    }

    private long backlog(CountersStats counters) {
        return ctx.assembler.backlog(counters.messagesSent, counters.messagesReceived);
    }

    /** Watches the drain once a second: when did the backlog reach the floor, or stop shrinking while consumers kept up? */
    private static final class DrainProgress {
        private final int subscriptions;
        private final ArrayDeque<long[]> recent = new ArrayDeque<>();
        long drainedAtNanos;
        long receivedAtDrained;
        boolean settled;
        long settledAt;

        DrainProgress(int subscriptions) {
            this.subscriptions = Math.max(1, subscriptions);
        }

        /** {@code backlog} is the deliveries still owed at {@code counters}, as the result counts them. */
        boolean drained(CountersStats counters, long backlog, long floor) {
            long now = System.nanoTime();
            if (drainedAtNanos == 0) {
                if (backlog <= floor) {
                    drainedAtNanos = now;
                } else if (stoppedShrinkingWhileConsumersKeepUp(now, counters, backlog)) {
                    drainedAtNanos = now;
                    settled = true;
                    settledAt = backlog;
                }
                receivedAtDrained = counters.messagesReceived;
            }
            return drainedAtNanos != 0;
        }

        private boolean stoppedShrinkingWhileConsumersKeepUp(long now, CountersStats counters, long backlog) {
            recent.addLast(new long[] {now, counters.messagesSent, counters.messagesReceived, backlog});
            while (now - recent.peekFirst()[0] > SETTLED_SECONDS * 1_000_000_000L) {
                recent.removeFirst();
            }
            long[] first = recent.peekFirst();
            if (now - first[0] < (SETTLED_SECONDS - 1) * 1_000_000_000L) {
                return false;
            }
            long sent = (counters.messagesSent - first[1]) * subscriptions;
            long received = counters.messagesReceived - first[2];
            boolean consumersKeepUp = received > 0 && received >= sent * 0.99;
            boolean notShrinking = first[3] <= backlog * 1.01;
            return consumersKeepUp && notShrinking;
        }
    }
}
