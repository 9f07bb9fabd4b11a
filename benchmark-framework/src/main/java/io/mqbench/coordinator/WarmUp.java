package io.mqbench.coordinator;

import io.mqbench.stats.PeriodStats;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;

/**
 * Runs the load without recording it, then empties the statistics (OMB's warm-up). What the load
 * does meanwhile is the workload's {@link MeasurementMode}'s: at a fixed rate, {@link
 * #atTheTargetRate}; for {@code producerRate: 0}, the rate search.
 */
final class WarmUp implements Phase {
    @Override
    public String title(RunContext ctx) {
        return ctx.mode.warmUpTitle(ctx);
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        ctx.mode.warmUp(ctx);
        ctx.worker.resetStats();
    }

    /**
     * The load at the target rate for {@code warmup} (nothing under a second), and on until the
     * producers are back on their schedule.
     */
    static void atTheTargetRate(RunContext ctx, Duration warmup) throws IOException {
        if (warmup.compareTo(Duration.ofSeconds(1)) >= 0) {
            LastSecondsPublishLatency latency = new LastSecondsPublishLatency();
            new LoadMonitor(ctx).notifying(latency).runFor("warm-up", warmup, false);
            if (ctx.targetRate > 0) {
                waitForProducersOnSchedule(ctx, ctx.targetRate * latency.medianSeconds);
            }
        }
    }

    /** How long the warm-up goes on, at most, for producers to get back on their schedule. */
    static final Duration MOST_EXTENSION = Duration.ofSeconds(30);
    /** Producers not closer to their schedule than this long ago are not catching up. */
    static final Duration PROGRESS_WINDOW = Duration.ofSeconds(3);

    /**
     * Producers paced to a fixed rate that end the warm-up behind their schedule (a slow start of
     * the client or the broker, a busy machine) send as fast as they can until they are back on it.
     * Measured then, the first seconds would publish above the target, in a burst whose publish
     * delay counts the wait: not the steady rate the run is about. So the warm-up goes on while they
     * catch up (at most {@link #MOST_EXTENSION}), and says so; if they are still behind then, or
     * stop getting closer (a rate beyond what the client or the broker takes), the measurement
     * starts anyway, with a warning.
     */
    private static void waitForProducersOnSchedule(RunContext ctx, double inFlight) throws IOException {
        double behind = behindSchedule(ctx, inFlight);
        if (!tooFarBehind(ctx, behind)) {
            return;
        }
        double first = behind;
        long from = System.nanoTime();
        long checkedAt = from;
        double behindAtCheck = behind;
        boolean catchingUp = true;
        while (tooFarBehind(ctx, behind) && System.nanoTime() - from < MOST_EXTENSION.toNanos()) {
            ctx.stop.sleep(200);
            behind = behindSchedule(ctx, inFlight);
            if (System.nanoTime() - checkedAt >= PROGRESS_WINDOW.toNanos()) {
                // Not closer than three seconds ago: the rate is more than the client or the
                // broker takes, and more warm-up would only delay the run. (A shorter window
                // would give up inside a stall that ends a second later.)
                catchingUp = behind < behindAtCheck;
                if (!catchingUp) {
                    break;
                }
                checkedAt = System.nanoTime();
                behindAtCheck = behind;
            }
        }
        double extended = (System.nanoTime() - from) / 1e9;
        ctx.assembler.warmUpExtendedSeconds(extended);
        if (tooFarBehind(ctx, behind)) {
            ctx.warn(String.format(Locale.ROOT, "the producers ended the warm-up %,.0f messages (%.1f s of load) behind"
                    + " their schedule, still after %.1f s more of warm-up (%s): they send as fast as they can, so the"
                    + " measured phase publishes above %,.0f msg/s while they catch up, if they do, and their publish delay"
                    + " counts the wait", behind, behind / ctx.targetRate, extended,
                    catchingUp ? "the most it waits" : "they were not catching up: the rate may be more than the client or"
                            + " the broker takes", ctx.targetRate));
        } else {
            ctx.console.info(String.format(Locale.ROOT, "the warm-up went on %.1f s more: the producers were %,.0f messages"
                    + " (%.1f s of load) behind their schedule, and the measurement starts once they are back on it",
                    extended, first, first / ctx.targetRate));
        }
    }

    /**
     * The sends the schedule asked for that have not gone out yet. The workers count a send when it
     * is acknowledged, so the sends on their way ({@code inFlight}: the rate times the warm-up's last
     * median publish latency) are not behind.
     */
    private static double behindSchedule(RunContext ctx, double inFlight) throws IOException {
        return intendedSoFar(ctx) - ctx.worker.getCountersStats().messagesSent - inFlight;
    }

    /**
     * Producers further behind than this many seconds of load are caught up before the measurement
     * starts: what they are behind, they send on top of the rate in the measured phase's first
     * seconds (half a percent of a 20-s phase). The allowance was a whole second of load, and Kafka
     * started a 20-s run at 10,000 msg/s half a second behind: 2.4 % above the rate (CI).
     */
    private static final double ON_SCHEDULE_SECONDS = 0.1;
    /** At a few messages a second, one message is more than a tenth of a second of load. */
    private static final double ON_SCHEDULE_MESSAGES = 5;

    private static boolean tooFarBehind(RunContext ctx, double behind) {
        return behind > Math.max(ctx.targetRate * ON_SCHEDULE_SECONDS, ON_SCHEDULE_MESSAGES);
    }

    /**
     * The median publish latency of the last whole second the warm-up read (0 without a send): the
     * typical time a send is on its way. Not the mean, which a start-up stall of the broker raises
     * (a fresh Kafka: p50 47 ms, max 294 ms): sends held up that long are counted behind, and their
     * late acknowledgements would otherwise be counted in the measured phase's first period.
     */
    private static final class LastSecondsPublishLatency implements LoadListener {
        double medianSeconds;

        @Override
        public void second(PeriodStats second, long endNanos, double seconds, double sincePhaseStart) {
            if (second.publishLatency.getTotalCount() > 0) {
                medianSeconds = second.publishLatency.getValueAtPercentile(50) / 1e6;
            }
        }
    }

    /** The sends the schedule asked for since the load started. */
    private static double intendedSoFar(RunContext ctx) {
        return ctx.targetRate * (System.nanoTime() - ctx.loadStartNanos) / 1e9;
    }
}
