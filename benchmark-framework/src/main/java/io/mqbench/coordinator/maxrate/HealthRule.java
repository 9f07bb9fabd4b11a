package io.mqbench.coordinator.maxrate;

import io.mqbench.workload.LatencyLimit;
import java.util.List;
import java.util.Locale;

/**
 * Decides whether a target rate is sustainable from a window of samples taken at that rate:
 *
 * <ul>
 *   <li>the producers' acknowledged rate reaches the target, less the tolerance: either its
 *       least-squares trend (blind to a batch of acknowledgements at either end of the window) or
 *       its mean over the window, what they sent from end to end, as a fixed-rate run counts it
 *       (blind to where in the window a dip they made up fell: the trend weighs a late one more);
 *   <li>the backlog does not grow: its slope stays within the tolerance times the rate the
 *       consumers must take (target × subscriptions), plus what a known loss share explains;
 *   <li>with a latency limit, the limited percentile over the window stays within it.
 * </ul>
 *
 * <p>The tolerance is a share of the rate, never a fixed number of messages, so the rule means the
 * same at 100 and at 1 000 000 msg/s. It is never tighter than twice the standard error of either
 * slope (the producers' or the backlog's): a verdict cannot be more precise than the measurement it
 * rests on. Two messages per window
 * are allowed on top, for the granularity of counting at very low rates. A verdict that fails by
 * less than three times the tolerance is marked marginal, for a second look over a longer window.
 *
 * <p>A long window judged as a fixed-rate run ({@link #judgeAsFixedRun}) counts only what the
 * producers sent over it, held to the given shortfall however noisy they were, and counts the sends
 * still awaiting acknowledgement with the backlog: a broker that acknowledges behind a queue that
 * keeps growing (RabbitMQ without a confirm window) leaves the backlog of acknowledged sends flat and
 * the producers only a little short (a measured minute at 98.2 % of the rate while the publish
 * latency's median climbed from 0.4 to 1.1 s), yet it is not keeping up.
 */
final class HealthRule {
    /** Never looser than this, however noisy the measurement. */
    static final double MAX_TOLERANCE = 0.2;

    private final int subscriptions;
    private final boolean hasConsumers;
    private final LatencyLimit latencyLimit;

    HealthRule(int subscriptions, boolean hasConsumers, LatencyLimit latencyLimit) {
        this.subscriptions = Math.max(1, subscriptions);
        this.hasConsumers = hasConsumers;
        this.latencyLimit = latencyLimit;
    }

    /** Twice the trend's standard error as a share of {@code rate}: what a verdict on it can tell apart. */
    private static double relativeNoise(Trend trend, double rate) {
        return Double.isFinite(trend.standardError()) && rate > 0 ? 2 * trend.standardError() / rate : 0;
    }

    boolean hasConsumers() {
        return hasConsumers;
    }

    /**
     * A search trial's verdict over a window of a few seconds.
     *
     * @param tolerance the share of the target allowed for shortfall and growth
     * @param lossShare the share of deliveries known to be lost rather than late (0 if none)
     */
    Verdict judge(double target, List<LoadSample> window, WindowLatencies latencies, double tolerance, double lossShare) {
        return judge(target, window, latencies, tolerance, tolerance, lossShare, false);
    }

    /**
     * The verdict a fixed-rate run gets, over a long window (the search's last climb, the measured
     * phase): the producers by what they sent from one end of the window to the other, short by at
     * most {@code shortfallTolerance} however noisy they were (a run that loses more to dips than
     * that does not hold the rate, whatever the dips' cause); the backlog's trend within {@code
     * tolerance}, widened only by its own noise.
     */
    Verdict judgeAsFixedRun(double target, List<LoadSample> window, WindowLatencies latencies, double shortfallTolerance,
            double tolerance, double lossShare) {
        return judge(target, window, latencies, shortfallTolerance, tolerance, lossShare, true);
    }

    private Verdict judge(double target, List<LoadSample> window, WindowLatencies latencies, double shortfallTolerance,
            double tolerance, double lossShare, boolean asFixedRun) {
        Trend published = Trend.of(window, s -> s.sent());
        double publishRate = asFixedRun ? meanPublishRate(window) : Math.max(published.slope(), meanPublishRate(window));
        Trend consumed = Trend.of(window, s -> s.received());
        Trend backlog = Trend.of(window, s -> s.backlog(subscriptions));
        Trend unacknowledged = Trend.of(window, s -> (double) s.inFlight() * subscriptions);
        // What must not grow: the backlog in a trial (its window is too short to tell a confirm lag
        // still settling from one that grows for good); in a fixed-rate window, everything the system
        // holds for consumers, the sends awaiting acknowledgement included, with consumers or without.
        Trend held = !asFixedRun ? backlog
                : hasConsumers ? Trend.of(window, s -> s.outstanding(subscriptions)) : unacknowledged;
        boolean judgesGrowth = hasConsumers || asFixedRun;
        double seconds = window.size() < 2 ? 0 : window.get(window.size() - 1).secondsSince(window.get(0));
        double granularity = seconds > 0 ? 2 / seconds : 0;
        double expectedConsumption = target * subscriptions;
        // Both trends count in a trial: a broker that takes sends in bursts (RabbitMQ's flow control
        // holds a publisher back for a few hundred ms, then lets it catch up) makes the producers'
        // slope over a few seconds as uncertain as a bursty consumer makes the backlog's.
        double backlogNoise = judgesGrowth ? relativeNoise(held, expectedConsumption) : 0;
        double noise = asFixedRun ? backlogNoise : Math.max(backlogNoise, relativeNoise(published, target));
        double used = Math.min(MAX_TOLERANCE, Math.max(tolerance, noise));

        Double latencyMs = null;
        if (latencyLimit != null) {
            double value = latencyLimit.valueMillis(latencies.publish(), latencies.endToEnd());
            latencyMs = Double.isNaN(value) ? null : value;
        }
        double allowedShortfall = asFixedRun ? shortfallTolerance : Math.max(used, Math.min(MAX_TOLERANCE, shortfallTolerance));
        double publishFloor = target * (1 - allowedShortfall) - granularity;
        double growthCeiling = (used + lossShare) * expectedConsumption + granularity * subscriptions;
        boolean producersKeepUp = publishRate >= publishFloor;
        boolean consumersKeepUp = !judgesGrowth || held.slope() <= growthCeiling;
        boolean withinLatency = latencyLimit == null || (latencyMs != null && latencyMs <= latencyLimit.limitMillis());

        String reason;
        if (!producersKeepUp) {
            long errors = window.get(window.size() - 1).errors() - window.get(0).errors();
            reason = String.format(Locale.ROOT, "producers reached %.1f%% of the target (%.1f%% needed)%s",
                    100 * publishRate / target, 100 * (1 - allowedShortfall),
                    errors > 0 ? String.format(Locale.ROOT, " (%,d send errors)", errors) : "");
        } else if (!consumersKeepUp) {
            String grew = !asFixedRun ? String.format(Locale.ROOT, "backlog grew %,.0f msg/s", backlog.slope())
                    : !hasConsumers ? String.format(Locale.ROOT, "sends awaiting acknowledgement grew %,.0f msg/s", unacknowledged.slope())
                    : String.format(Locale.ROOT, "backlog and sends awaiting acknowledgement grew %,.0f msg/s (%+,.0f and %+,.0f)",
                            held.slope(), backlog.slope(), unacknowledged.slope());
            reason = String.format(Locale.ROOT, "%s (%.2f%% of the %s, tolerance %.2f%%)", grew,
                    100 * held.slope() / expectedConsumption, hasConsumers ? "consumption" : "rate", 100 * (used + lossShare));
        } else if (!withinLatency) {
            reason = latencyMs == null ? "no latency was recorded"
                    : String.format(Locale.ROOT, "%s was %.3g ms, above the limit", latencyLimit.describe().replaceAll(" <=.*", ""), latencyMs);
        } else {
            reason = String.format(Locale.ROOT, "producers at %.1f%%, backlog %+,.0f%s msg/s (tolerance %.2f%%)",
                    100 * publishRate / target, backlog.slope(),
                    asFixedRun ? String.format(Locale.ROOT, ", awaiting acknowledgement %+,.0f", unacknowledged.slope()) : "",
                    100 * (used + lossShare));
        }
        boolean healthy = producersKeepUp && consumersKeepUp && withinLatency;
        boolean latencyOnly = producersKeepUp && consumersKeepUp && !withinLatency;
        double shortfall = (target - publishRate - granularity) / target;
        double growth = judgesGrowth ? (held.slope() - granularity * subscriptions) / expectedConsumption - lossShare : 0;
        boolean marginal = !healthy && withinLatency && Math.max(shortfall - allowedShortfall + used, growth) <= 3 * used;
        return new Verdict(healthy, publishRate, consumed.slope(), backlog.slope(), asFixedRun ? unacknowledged.slope() : null,
                used + lossShare, latencyMs, reason, latencyOnly, marginal);
    }

    /**
     * Producers short of the target over the window, by more than the tolerance, who may yet make
     * it up, as the producers of a fixed-rate run do: they have made up a tenth or more of the most
     * they were behind (gaining after a dip), or they had kept up until two seconds before the end
     * (a dip has just begun). A window that happened to end in or just after a dip says nothing
     * about the rate; overload, a lag that keeps growing, shows as neither.
     *
     * @param tolerance the share of the target the producers may fall short by
     */
    boolean producersMayCatchUp(double target, List<LoadSample> window, double tolerance) {
        if (window.size() < 2 || meanPublishRate(window) >= target * (1 - tolerance)) {
            return false;
        }
        LoadSample first = window.get(0);
        double worst = 0;
        double lag = 0;
        for (LoadSample sample : window) {
            lag = target * sample.secondsSince(first) - (sample.sent() - first.sent());
            worst = Math.max(worst, lag);
        }
        boolean gaining = lag <= 0.9 * worst;
        int beforeTheDip = firstWithin(window, 2_000_000_000L);
        boolean keptUpUntilThen = beforeTheDip >= 2 && meanPublishRate(window.subList(0, beforeTheDip + 1)) >= target * (1 - tolerance);
        return gaining || keptUpUntilThen;
    }

    /** The index of the window's first sample at most {@code nanos} before its last one. */
    private static int firstWithin(List<LoadSample> window, long nanos) {
        long from = window.get(window.size() - 1).nanos() - nanos;
        int index = window.size() - 1;
        while (index > 0 && window.get(index - 1).nanos() >= from) {
            index--;
        }
        return index;
    }

    /** Acknowledged sends per second from the window's first sample to its last. */
    private static double meanPublishRate(List<LoadSample> window) {
        if (window.size() < 2) {
            return 0;
        }
        LoadSample first = window.get(0);
        LoadSample last = window.get(window.size() - 1);
        double seconds = last.secondsSince(first);
        return seconds > 0 ? (last.sent() - first.sent()) / seconds : 0;
    }
}
