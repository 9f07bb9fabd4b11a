package io.mqbench.coordinator.maxrate;

import io.mqbench.result.Rounding;
import io.mqbench.result.TestResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The search's trials on the system, one at a time: a rate set and let settle, a window of the
 * counters judged by the {@link HealthRule} (lengthened while the producers make up a dip),
 * recorded in the result and told to the console; the drain after a trial that did not hold; and
 * what the first drain shows of the broker's own loss. Which rates to try, and what to make of
 * the verdicts, is {@link RateSearch}'s.
 */
final class Trials {
    private static final long SAMPLE_MILLIS = 100;
    private static final double MESSAGES_PER_WINDOW = 500;
    private static final long LONGEST_WINDOW_MILLIS = 15_000;
    private static final long LONGEST_EXTRA_SETTLE_MILLIS = 15_000;
    /** Unacknowledged sends that grow, each second, by more than this share of the growth of the second before are not settling. */
    private static final double SETTLING_SHARE = 0.85;
    private static final int MAX_WINDOW_SCALE = 4;
    /** A window is lengthened while producers make up a dip, a second at a time, up to this many times its length, */
    private static final int CATCH_UP_WINDOWS = 4;
    /** and by no more than this. */
    private static final long LONGEST_CATCH_UP_NANOS = 12_000_000_000L;
    private static final long CATCH_UP_STEP_NANOS = 1_000_000_000L;
    /** A drain that has not shrunk the backlog for this long is over: what remains was lost. */
    private static final long DRAIN_STALL_NANOS = 1_500_000_000L;
    private static final long LONGEST_DRAIN_NANOS = 60_000_000_000L;

    private final LoadProbe probe;
    private final int subscriptions;
    private final HealthRule rule;
    private final TestResult.RateDiscovery record;
    private final RateSearch.Listener listener;
    private long loadStartNanos;
    private double lossShare;
    private boolean calibrated;
    /** Grows when a recheck contradicts its first verdict: windows of that length do not average out the system's noise. */
    private int windowScale = 1;
    /** The sustainable trial that achieved the most, and what it achieved: a capacity the system once had. */
    private RateSearch.Achieved mostAchieved;

    Trials(LoadProbe probe, int subscriptions, HealthRule rule, TestResult.RateDiscovery record, RateSearch.Listener listener) {
        this.probe = probe;
        this.subscriptions = subscriptions;
        this.rule = rule;
        this.record = record;
        this.listener = listener;
    }

    /** Trial times are counted from {@code nanos}, when the load started. */
    void countFrom(long nanos) {
        loadStartNanos = nanos;
    }

    /** The share of deliveries the broker loses at the first, lowest rate (0 if none): held against no rate. */
    double lossShare() {
        return lossShare;
    }

    /**
     * Makes the bracket's later windows twice as long (up to {@value #MAX_WINDOW_SCALE} times): two
     * windows at one rate disagreed, so the system varies on a longer time scale than a window.
     *
     * @return the new scale, or 0 if the windows were as long as they get already
     */
    int lengthenWindows() {
        if (windowScale >= MAX_WINDOW_SCALE) {
            return 0;
        }
        windowScale *= 2;
        return windowScale;
    }

    /** One window at {@code rate}, judged and recorded; the bracket is left alone. */
    Verdict run(Stage stage, double rate, double tolerance) throws IOException {
        LoadSample before = probe.sample();
        probe.setRate(rate);
        double extraSettle = settle(stage, rate, tolerance);
        probe.takeLatencies();
        List<LoadSample> window = new ArrayList<>();
        LoadSample first = probe.sample();
        window.add(first);
        // The climb's window is long already; scaling is for the bracket's short ones.
        long windowNanos = windowMillis(stage, rate) * (stage == Stage.CLIMB ? 1 : windowScale) * 1_000_000;
        while (probe.nanoTime() - first.nanos() < windowNanos) {
            probe.sleep(SAMPLE_MILLIS);
            window.add(probe.sample());
        }
        WindowLatencies latencies = probe.takeLatencies();
        Verdict verdict = judge(stage, rate, window, latencies, tolerance);
        long twice = first.nanos() + 2 * windowNanos;
        long longest = first.nanos() + windowNanos + Math.min((CATCH_UP_WINDOWS - 1) * windowNanos, LONGEST_CATCH_UP_NANOS);
        boolean madeUpADip = false;
        while (!verdict.healthy()) {
            long now = probe.nanoTime();
            long until;
            if (verdict.marginal() && stage != Stage.RAMP && stage != Stage.CLIMB && now - twice < 0) {
                // A hiccup near the limit takes a while to make up for: look again over twice the window.
                until = twice;
            } else if (now - longest < 0 && rule.producersMayCatchUp(rate, window, stage == Stage.CLIMB ? RateSearch.TOLERANCE : verdict.tolerance())) {
                // Behind after a dip and making it up (or a dip has just begun): a fixed-rate run makes
                // it up, so judge once they have, or have stopped gaining; a window that ends in a dip
                // must not cap the rate.
                until = Math.min(longest, now + CATCH_UP_STEP_NANOS);
                madeUpADip = true;
            } else {
                break;
            }
            while (probe.nanoTime() - until < 0) {
                probe.sleep(SAMPLE_MILLIS);
                window.add(probe.sample());
            }
            WindowLatencies more = probe.takeLatencies();
            latencies.publish().add(more.publish());
            latencies.endToEnd().add(more.endToEnd());
            verdict = judge(stage, rate, window, latencies, tolerance);
        }

        TestResult.RateTrial trial = new TestResult.RateTrial();
        trial.second = Rounding.round((first.nanos() - loadStartNanos) / 1e9, 1);
        trial.stage = stage.label();
        trial.targetRate = Math.round(rate);
        trial.seconds = Rounding.round(window.get(window.size() - 1).secondsSince(first), 2);
        trial.settleExtendedSeconds = extraSettle >= 0.5 ? Rounding.round(extraSettle, 1) : null;
        trial.publishRate = Math.round(verdict.publishRate());
        trial.consumeRate = Math.round(verdict.consumeRate());
        trial.backlogSlope = Math.round(verdict.backlogSlope());
        trial.unacknowledgedSlope = Rounding.whole(verdict.unacknowledgedSlope());
        trial.tolerance = Rounding.round(verdict.tolerance(), 4);
        trial.latencyMs = verdict.latencyMs() == null ? null : Rounding.round(verdict.latencyMs(), 3);
        trial.endToEnd99Ms = p99Millis(latencies.endToEnd());
        trial.publish99Ms = p99Millis(latencies.publish());
        trial.verdict = verdict.healthy() ? "sustainable" : "unsustainable";
        trial.reason = verdict.reason() + (madeUpADip ? "; judged over a longer window while the producers made up a dip" : "");
        if (!verdict.healthy() || !calibrated) {
            trial.drainSeconds = Rounding.round(drain(before, window.get(window.size() - 1)), 2);
        }
        record.trials.add(trial);
        double achieved = achieved(verdict);
        if (verdict.healthy() && (mostAchieved == null || achieved > mostAchieved.rate())) {
            mostAchieved = new RateSearch.Achieved(trial, achieved);
        }
        listener.trial((first.nanos() - loadStartNanos) / 1_000_000_000L, trial);
        return verdict;
    }

    /**
     * A trial's window judged: the climb's as the measured phase is (producers within the search's
     * precision by what they sent, the backlog within {@code tolerance}), the bracket's by the
     * trial rule.
     */
    private Verdict judge(Stage stage, double rate, List<LoadSample> window, WindowLatencies latencies, double tolerance) {
        return stage == Stage.CLIMB
                ? rule.judgeAsFixedRun(rate, window, latencies, RateSearch.TOLERANCE, tolerance, lossShare)
                : rule.judge(rate, window, latencies, tolerance, lossShare);
    }

    /**
     * Lets the trial's rate settle: the stage's settle time, then on while the sends awaiting
     * acknowledgement still pile up at a slowing pace. A broker that confirms behind a standing
     * queue (RabbitMQ without a confirm window) takes seconds to reach its steady lag, and a window
     * opened before then counts the queue being built as producers falling short. Growth that does
     * not slow down is overload: the window judges it at once. At most {@link
     * #LONGEST_EXTRA_SETTLE_MILLIS} more.
     *
     * @return the seconds added to the stage's settle time
     */
    double settle(Stage stage, double rate, double tolerance) throws IOException {
        long start = probe.nanoTime();
        double settled = Math.max(tolerance, RateSearch.FINAL_TOLERANCE) * rate;
        double previous = Double.POSITIVE_INFINITY;
        long span = stage.settleMillis;
        while (true) {
            List<LoadSample> samples = new ArrayList<>();
            samples.add(probe.sample());
            for (long slept = 0; slept < span; slept += SAMPLE_MILLIS) {
                probe.sleep(SAMPLE_MILLIS);
                samples.add(probe.sample());
            }
            double growth = Trend.of(samples, LoadSample::inFlight).slope();
            long extraMillis = (probe.nanoTime() - start) / 1_000_000 - stage.settleMillis;
            if (growth <= settled || growth > SETTLING_SHARE * previous || extraMillis >= LONGEST_EXTRA_SETTLE_MILLIS) {
                return Math.max(0, extraMillis / 1000.0);
            }
            previous = growth;
            span = 1_000;
        }
    }

    /** The stage's window, longer at low rates so that a window holds enough messages to judge. */
    private static long windowMillis(Stage stage, double rate) {
        long enough = (long) (1000 * MESSAGES_PER_WINDOW / Math.max(rate, RateSearch.MIN_RATE));
        return Math.max(stage.windowMillis, Math.min(LONGEST_WINDOW_MILLIS, enough));
    }

    /** The sustainable trial that achieved the most so far; null before one did. */
    RateSearch.Achieved mostAchieved() {
        return mostAchieved;
    }

    /** What the slower side achieved, as a capacity estimate; NaN if the trial failed on latency alone. */
    double achieved(Verdict verdict) {
        if (verdict.latencyOnly()) {
            return Double.NaN;
        }
        double consumers = verdict.consumeRate() / subscriptions;
        return rule.hasConsumers() ? Math.min(verdict.publishRate(), consumers) : verdict.publishRate();
    }

    /**
     * Pauses the producers until what the system holds for consumers (backlog and unacknowledged
     * sends) is back to {@code before}, or stops shrinking. After the first trial, what never drains
     * is the broker's own loss at that rate: its share is not held against later trials.
     *
     * @return the seconds it took
     */
    private double drain(LoadSample before, LoadSample end) throws IOException {
        Drained drained = drainDownTo(before.outstanding(subscriptions), end);
        if (!calibrated) {
            calibrated = true;
            double delivered = (double) (end.sent() - before.sent()) * subscriptions;
            if (rule.hasConsumers() && delivered > 0 && drained.left()) {
                lossShare = Math.min(HealthRule.MAX_TOLERANCE, drained.excess() / delivered);
                listener.note(String.format(Locale.ROOT, "%.2f%% of the first trial's deliveries never arrived:"
                        + " the broker's own loss, not held against higher rates", 100 * lossShare));
            }
        }
        return drained.seconds();
    }

    /** A drain's end: its time, what was still held beyond the base, and whether that was more than a drain leaves. */
    record Drained(double seconds, double excess, boolean left) {}

    /**
     * Pauses the producers until what the system holds for consumers is back to {@code base}
     * (within a hundredth of what it was above it), or has not shrunk for {@link
     * #DRAIN_STALL_NANOS}; the producers stay paused.
     */
    Drained drainDownTo(double base, LoadSample end) throws IOException {
        probe.setRate(0);
        long start = probe.nanoTime();
        double excess = end.outstanding(subscriptions) - base;
        double peak = Math.max(excess, 0);
        double smallest = excess;
        long lastShrink = start;
        while (excess > Math.max(2, 0.01 * peak)) {
            long now = probe.nanoTime();
            if (now - lastShrink > DRAIN_STALL_NANOS || now - start > LONGEST_DRAIN_NANOS) {
                break;
            }
            probe.sleep(SAMPLE_MILLIS);
            LoadSample sample = probe.sample();
            excess = sample.outstanding(subscriptions) - base;
            if (excess < smallest * 0.99 || excess < smallest - 2) {
                smallest = excess;
                lastShrink = probe.nanoTime();
            }
        }
        return new Drained((probe.nanoTime() - start) / 1e9, excess, excess > Math.max(2, 0.01 * peak));
    }

    private static Double p99Millis(Histogram micros) {
        return micros == null || micros.getTotalCount() == 0 ? null : Rounding.round(micros.getValueAtPercentile(99) / 1000.0, 3);
    }
}
