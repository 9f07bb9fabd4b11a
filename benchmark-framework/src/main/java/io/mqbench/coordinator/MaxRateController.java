package io.mqbench.coordinator;

import io.mqbench.result.TestResult;
import io.mqbench.worker.Worker;
import io.mqbench.worker.commands.CountersStats;
import java.io.IOException;

/**
 * Finds the maximum sustainable rate for {@code producerRate: 0}. Every control interval it
 * compares what was asked with what happened:
 *
 * <ul>
 *   <li><b>healthy</b>: producers achieved at least 90 % of the target, and the backlog is bounded:
 *       it grew by at most half a second of traffic (and at least 1 000 messages of slack) above
 *       its lowest value of the last {@value #BACKLOG_WINDOW_SECONDS} seconds. Measuring growth
 *       rather than the absolute backlog matters for at-most-once brokers: messages they lose
 *       stay in "sent minus received" forever and would otherwise throttle the search to nothing. Then the rate
 *       goes up: doubled while still ramping; once it has backed off, by 10 %, and by twice the
 *       previous step after each further healthy second (10, 20, 40, 80, 100 %), so that an
 *       early back-off (a cold JVM, a hiccup) does not leave the search crawling.
 *   <li><b>unhealthy</b>: producers fell short, or the backlog grew past the bound. Then the rate
 *       is set to 90 % of what was actually achieved (what the producers sent, or what the
 *       consumers took if they were the slower side), or 75 % when the backlog is over twice the
 *       bound, so the consumers can catch up.
 * </ul>
 *
 * It runs through warm-up and measurement, so the measured rate is the sustained one, oscillating
 * within about 10 % of the limit; the result keeps every step.
 */
final class MaxRateController {
    /** High enough to reach most brokers' limits within a few doublings, low enough for slow ones to back off at once. */
    static final double INITIAL_RATE = 10_000;
    static final double MIN_RATE = 10;
    static final double MAX_RATE = 50_000_000;
    static final String RULE = "every second: if producers reached >= 90% of the target and the backlog stayed"
            + " within max(1000 messages, 0.5 s of traffic) above its lowest value of the last 10 s, raise the rate (x2 while ramping; after the first"
            + " back-off +10%, doubling the step each further healthy second up to +100%); otherwise set it to"
            + " 90% of the achieved rate (75% if the backlog exceeds twice that bound) and restart the steps at +10%";
    static final int BACKLOG_WINDOW_SECONDS = 10;
    private static final double FIRST_STEP = 0.10;
    private static final double LARGEST_STEP = 1.0;

    private final Worker worker;
    private final int subscriptionsPerTopic;
    private final boolean hasConsumers;
    private final TestResult.RateDiscovery log;
    private final long startNanos = System.nanoTime();
    private double target = INITIAL_RATE;
    private boolean ramping = true;
    private double step = FIRST_STEP;
    private long lastSent = -1;
    private long lastReceived;
    private long lastNanos;
    /** Recent (time, backlog) samples, for the backlog's floor over the window. */
    private final java.util.ArrayDeque<long[]> recentBacklog = new java.util.ArrayDeque<>();

    MaxRateController(Worker worker, int subscriptionsPerTopic, boolean hasConsumers, TestResult.RateDiscovery log) {
        this.worker = worker;
        this.subscriptionsPerTopic = Math.max(1, subscriptionsPerTopic);
        this.hasConsumers = hasConsumers;
        this.log = log;
        log.rule = RULE;
    }

    double rate() {
        return target;
    }

    /** Looks at the counters and adjusts the rate; returns the new target. */
    double tick(CountersStats counters, long nowNanos, String phase) throws IOException {
        if (lastSent < 0 || nowNanos - lastNanos < 500_000_000L) {
            if (lastSent < 0) {
                remember(counters, nowNanos);
            }
            return target;
        }
        double seconds = (nowNanos - lastNanos) / 1e9;
        double published = (counters.messagesSent - lastSent) / seconds;
        double consumed = (counters.messagesReceived - lastReceived) / seconds;
        long backlog = Math.max(0, counters.messagesSent * subscriptionsPerTopic - counters.messagesReceived);
        remember(counters, nowNanos);
        long growth = backlog - backlogFloor(nowNanos, backlog);

        double bound = Math.max(1_000, target * subscriptionsPerTopic * 0.5);
        boolean producersKeepUp = published >= 0.9 * target;
        boolean backlogBounded = !hasConsumers || growth <= bound;
        String decision;
        double next;
        if (producersKeepUp && backlogBounded) {
            if (ramping) {
                next = target * 2;
                decision = "up x2";
            } else {
                next = target * (1 + step);
                decision = String.format(java.util.Locale.ROOT, "up +%.0f%%", step * 100);
                step = Math.min(LARGEST_STEP, step * 2);
            }
        } else {
            ramping = false;
            step = FIRST_STEP;
            // Back off to what the slower side actually managed.
            double achieved = hasConsumers ? Math.min(published, consumed / subscriptionsPerTopic) : published;
            double factor = hasConsumers && growth > 2 * bound ? 0.75 : 0.9;
            next = achieved * factor;
            decision = producersKeepUp
                    ? String.format(java.util.Locale.ROOT, "down: backlog grew %d, above %.0f", growth, bound)
                    : String.format(java.util.Locale.ROOT, "down: producers reached %.0f of %.0f", published, target);
        }
        next = Math.max(MIN_RATE, Math.min(MAX_RATE, next));
        record(phase, published, consumed, backlog, decision, next);
        target = next;
        worker.adjustPublishRate(target);
        return target;
    }

    /** The lowest backlog of the window, including the current one. */
    private long backlogFloor(long nowNanos, long backlog) {
        recentBacklog.addLast(new long[] {nowNanos, backlog});
        while (nowNanos - recentBacklog.peekFirst()[0] > BACKLOG_WINDOW_SECONDS * 1_000_000_000L) {
            recentBacklog.removeFirst();
        }
        long floor = backlog;
        for (long[] sample : recentBacklog) {
            floor = Math.min(floor, sample[1]);
        }
        return floor;
    }

    private void remember(CountersStats counters, long nowNanos) {
        lastSent = counters.messagesSent;
        lastReceived = counters.messagesReceived;
        lastNanos = nowNanos;
    }

    private void record(String phase, double published, double consumed, long backlog, String decision, double next) {
        TestResult.RateStep step = new TestResult.RateStep();
        step.second = Math.round((lastNanos - startNanos) / 1e8) / 10.0;
        step.phase = phase;
        step.targetRate = Math.round(target);
        step.publishRate = Math.round(published);
        step.consumeRate = Math.round(consumed);
        step.backlog = backlog;
        step.decision = decision + " -> " + Math.round(next);
        log.steps.add(step);
        log.finalRate = Math.round(next);
    }
}
