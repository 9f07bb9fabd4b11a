package io.mqbench.coordinator;

import io.mqbench.stats.CountersStats;
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
     * producers are back on their schedule, their sends acknowledged and the consumers caught up.
     */
    static void atTheTargetRate(RunContext ctx, Duration warmup) throws IOException {
        if (warmup.compareTo(Duration.ofSeconds(1)) >= 0) {
            LastSecondsPublishLatency latency = new LastSecondsPublishLatency();
            new LoadMonitor(ctx).notifying(latency).runFor("warm-up", warmup, false);
            if (ctx.targetRate > 0) {
                boolean onSchedule = waitForProducersOnSchedule(ctx, ctx.targetRate * latency.medianSeconds);
                if (onSchedule) {
                    waitForAcknowledgements(ctx);
                }
                if (waitForConsumersToCatchUp(ctx)) {
                    // What held the consumers back (a busy broker) may have held the producers back too.
                    onSchedule = waitForProducersOnSchedule(ctx, ctx.targetRate * latency.medianSeconds);
                }
                if (!onSchedule) {
                    // Setting the rate starts each producer's schedule afresh from now (PacedSchedule):
                    // what they were behind is the warm-up's and is not sent; what falls due from here
                    // on is, so a producer still blocked shows it as the measured phase's publish delay.
                    ctx.worker.adjustPublishRate(ctx.targetRate);
                }
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
     * starts anyway, with a warning, and the caller starts them on a fresh schedule (a loopback
     * run at 2,000 msg/s whose sends stalled across the warm-up's end measured 4,470 msg/s when
     * they sent the warm-up's debt in the measured phase). Returns whether they are on their schedule.
     */
    private static boolean waitForProducersOnSchedule(RunContext ctx, double inFlight) throws IOException {
        Wait wait = waitWhileBehind(ctx, () -> behindSchedule(ctx, inFlight), onSchedule(ctx));
        if (wait == null) {
            return true;
        }
        ctx.assembler.warmUpExtendedSeconds(wait.seconds());
        if (wait.last() > onSchedule(ctx)) {
            ctx.warn(String.format(Locale.ROOT, "the producers ended the warm-up %,.0f messages (%.1f s of load) behind"
                    + " their schedule, still after %.1f s more of warm-up (%s): the measured phase starts them on a fresh"
                    + " schedule at %,.0f msg/s (what they were behind is not sent), so its rate and publish delay are its own",
                    wait.last(), wait.last() / ctx.targetRate, wait.seconds(),
                    wait.catchingUp() ? "the most it waits" : "they were not catching up: the rate may be more than the client or"
                            + " the broker takes", ctx.targetRate));
            return false;
        }
        ctx.console.info(String.format(Locale.ROOT, "the warm-up went on %.1f s more: the producers were %,.0f messages"
                + " (%.1f s of load) behind their schedule, and the measurement starts once they are back on it",
                wait.seconds(), wait.first(), wait.first() / ctx.targetRate));
        return true;
    }

    /** Sends unacknowledged for longer than this many seconds of load are waited for before the measurement. */
    static final double ACKNOWLEDGEMENTS_CAUGHT_UP_SECONDS = 0.5;

    /**
     * Sends made on schedule whose acknowledgements lag when the warm-up ends (a broker seconds
     * behind in its answers: with upstream's workers on Kafka, 3.5 s behind) would be counted in
     * the measured phase when they come, since a send counts when it is acknowledged: its first
     * seconds would publish above the rate (+29 % in that run's first period). The producers' own
     * wait cannot tell: it takes the last second's median publish latency for the sends on their
     * way, and in such a lag that median is the lag. So the warm-up goes on while the
     * unacknowledged sends shrink (at most {@link #MOST_EXTENSION}; counted in the producers'
     * extension), and says so. As with consumers, only what is beyond half a second of load
     * counts, and a number that stops shrinking is left as it is: a steady one is the broker's
     * publish latency, which the measured phase shows.
     */
    private static void waitForAcknowledgements(RunContext ctx) throws IOException {
        double allowed = Math.max(ctx.targetRate * ACKNOWLEDGEMENTS_CAUGHT_UP_SECONDS, ON_SCHEDULE_MESSAGES);
        Wait wait = waitWhileBehind(ctx, () -> unacknowledged(ctx), allowed);
        if (wait == null) {
            return;
        }
        ctx.assembler.warmUpExtendedSeconds(wait.seconds());
        String was = String.format(Locale.ROOT, "the warm-up went on %.1f s more: %,.0f sends (%.1f s of load) were waiting"
                + " for their acknowledgement", wait.seconds(), wait.first(), wait.first() / ctx.targetRate);
        if (wait.last() <= allowed) {
            ctx.console.info(was + ", and the measurement starts once they have come");
        } else if (wait.catchingUp()) {
            ctx.warn(String.format(Locale.ROOT, "%s, and %,.0f still were (the most it waits): the measured phase counts"
                    + " their acknowledgements when they come, so its first seconds publish above the rate", was, wait.last()));
        } else {
            ctx.console.info(String.format(Locale.ROOT, "%s; their number stopped shrinking at %,.0f (%.1f s of load: the"
                    + " broker's publish latency), so the measurement starts with them", was, wait.last(), wait.last() / ctx.targetRate));
        }
    }

    /** The sends the schedule asked for that are neither acknowledged nor failed: not yet made, or on their way. */
    private static double unacknowledged(RunContext ctx) throws IOException {
        CountersStats counters = ctx.worker.getCountersStats();
        return intendedSoFar(ctx) - counters.messagesSent - counters.messageSendErrors;
    }

    /** Consumers further behind the producers than this many seconds of deliveries work it off before the measurement. */
    static final double CONSUMERS_CAUGHT_UP_SECONDS = 0.5;

    /**
     * Consumers that end the warm-up behind the producers (a backlog built while the client or the
     * broker was still cold: SQS on ElasticMQ was 5,000 messages, 5 s of load, behind after a 10-s
     * warm-up) would work it off in the measured phase: its first seconds would consume above the
     * rate, and its end-to-end latency would count the wait (a median of 1.5 s where the steady
     * state has 2.3 ms). So the warm-up goes on while the backlog shrinks (at most {@link
     * #MOST_EXTENSION}), and says so. Messages on their way are part of the backlog too, and there
     * is no telling them from waiting ones (by Little's law both are the rate times their latency),
     * so only what is beyond half a second of deliveries counts, and a backlog that stops shrinking
     * is left as it is: a steady one is the pipe (or consumers that take less than the rate, which
     * the measured phase shows).
     */
    private static boolean waitForConsumersToCatchUp(RunContext ctx) throws IOException {
        double deliveryRate = ctx.targetRate * ctx.workload.subscriptionsPerTopic;
        if (deliveryRate <= 0 || ctx.workload.consumerPerSubscription == 0) {
            return false;
        }
        double allowed = Math.max(deliveryRate * CONSUMERS_CAUGHT_UP_SECONDS, ON_SCHEDULE_MESSAGES);
        Wait wait = waitWhileBehind(ctx, () -> backlog(ctx), allowed);
        if (wait == null) {
            return false;
        }
        ctx.assembler.warmUpConsumerCatchUpSeconds(wait.seconds());
        String was = String.format(Locale.ROOT, "the warm-up went on %.1f s more: the consumers were %,.0f messages (%.1f s"
                + " of deliveries) behind the producers", wait.seconds(), wait.first(), wait.first() / deliveryRate);
        if (wait.last() <= allowed) {
            ctx.console.info(was + ", and the measurement starts once they have caught up");
        } else if (wait.catchingUp()) {
            ctx.warn(String.format(Locale.ROOT, "%s, and were still %,.0f behind (the most it waits): the measured phase starts"
                    + " with that backlog, so its first seconds consume above the rate and its end-to-end latency counts"
                    + " the wait", was, wait.last()));
        } else {
            ctx.console.info(String.format(Locale.ROOT, "%s; the backlog stopped shrinking at %,.0f (%.1f s), so the"
                    + " measurement starts with it", was, wait.last(), wait.last() / deliveryRate));
        }
        return true;
    }

    private static double backlog(RunContext ctx) throws IOException {
        CountersStats counters = ctx.worker.getCountersStats();
        return ctx.assembler.backlog(counters.messagesSent, counters.messagesReceived);
    }

    /** How far behind something is now, in messages. */
    @FunctionalInterface
    private interface Behind {
        double now() throws IOException;
    }

    /** A wait of the warm-up: how far behind at its start and end, how long, and whether it was still getting closer. */
    private record Wait(double first, double last, double seconds, boolean catchingUp) {
    }

    /**
     * Goes on while {@code behind} is more than {@code allowed}, at most {@link #MOST_EXTENSION},
     * and only as long as it gets smaller; null when it was not behind at all.
     */
    private static Wait waitWhileBehind(RunContext ctx, Behind behind, double allowed) throws IOException {
        double now = behind.now();
        if (now <= allowed) {
            return null;
        }
        double first = now;
        long from = System.nanoTime();
        long checkedAt = from;
        double atCheck = now;
        boolean catchingUp = true;
        while (now > allowed && System.nanoTime() - from < MOST_EXTENSION.toNanos()) {
            ctx.stop.sleep(200);
            now = behind.now();
            if (System.nanoTime() - checkedAt >= PROGRESS_WINDOW.toNanos()) {
                // Not closer than three seconds ago: more warm-up would only delay the run. (A
                // shorter window would give up inside a stall that ends a second later.)
                catchingUp = now < atCheck;
                if (!catchingUp) {
                    break;
                }
                checkedAt = System.nanoTime();
                atCheck = now;
            }
        }
        return new Wait(first, now, (System.nanoTime() - from) / 1e9, catchingUp);
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

    /** How far behind their schedule producers may be and still be on it, in messages. */
    private static double onSchedule(RunContext ctx) {
        return Math.max(ctx.targetRate * ON_SCHEDULE_SECONDS, ON_SCHEDULE_MESSAGES);
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
