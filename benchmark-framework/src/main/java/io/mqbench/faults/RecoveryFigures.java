package io.mqbench.faults;

import io.mqbench.result.FaultRecord;
import io.mqbench.result.SecondSamples;
import io.mqbench.workload.FaultAction;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * Recovery figures of each fault that makes the broker unavailable, read off the run's one-second
 * samples: when the run first felt it, how long nothing was confirmed or delivered, when rates and
 * backlog were back, and the peaks in between. A fault's window runs from its start to the next
 * such fault or the end of the measured phase; its peaks are taken until it recovered, and for a
 * fault that lasts (a freeze, partition or delay) at least until it was undone.
 */
public final class RecoveryFigures {
    /** A rate within this share of its target counts as back. */
    static final double RATE_TOLERANCE = 0.05;
    /** Rates count as recovered once they stay back this many seconds in a row. */
    static final int STEADY_SECONDS = 3;
    /** The backlog level before a fault is the highest of this many seconds before it. */
    static final int BASELINE_SECONDS = 5;

    private final SecondSamples samples;
    private final double publishTarget;
    private final double consumeTarget;

    /**
     * @param publishTarget the run's target rate, msg/s
     * @param consumeTarget what the consumers should take at that rate (times the subscriptions), 0 without consumers
     */
    private RecoveryFigures(SecondSamples samples, double publishTarget, double consumeTarget) {
        this.samples = samples;
        this.publishTarget = publishTarget;
        this.consumeTarget = consumeTarget;
    }

    /** Fills {@link FaultRecord#recovery} of every disruptive fault that ran. */
    public static void fill(List<FaultRecord> records, SecondSamples samples, double publishTarget, double consumeTarget) {
        if (samples == null || samples.second.isEmpty() || !(publishTarget > 0)) {
            return;
        }
        RecoveryFigures figures = new RecoveryFigures(samples, publishTarget, consumeTarget);
        List<FaultRecord> disruptive = records.stream()
                .filter(r -> r.startSecond != null && FaultAction.of(r.action).disrupts)
                .toList();
        double end = samples.second.get(samples.second.size() - 1);
        for (int i = 0; i < disruptive.size(); i++) {
            FaultRecord fault = disruptive.get(i);
            double windowEnd = i + 1 < disruptive.size() ? disruptive.get(i + 1).startSecond : end;
            fault.recovery = figures.of(fault.startSecond, windowEnd, endOf(fault, records));
        }
    }

    /**
     * When a fault that lasts (freeze, partition, delay) was undone: the start of the first later
     * thaw or heal of its target; NaN for a fault without an end of its own (kill, command) or never undone.
     */
    private static double endOf(FaultRecord fault, List<FaultRecord> records) {
        FaultAction undo = FaultAction.of(fault.action).undoneBy();
        return records.stream()
                .filter(r -> undo != null && r.startSecond != null && r.startSecond >= fault.startSecond
                        && undo.yamlName().equals(r.action) && fault.target != null && fault.target.equals(r.target))
                .mapToDouble(r -> r.startSecond)
                .min().orElse(Double.NaN);
    }

    /**
     * @param faultEnd when a lasting fault was undone (NaN if not): its peaks cover it at least until
     *     then, even when the rates never left their band (a delay slows every message without
     *     losing the rate, so the run counts as recovered at once)
     */
    private FaultRecord.Recovery of(double faultSecond, double windowEnd, double faultEnd) {
        FaultRecord.Recovery r = new FaultRecord.Recovery();
        r.targetRate = publishTarget;
        int first = firstEndingAfter(faultSecond);
        int last = lastStartingBefore(windowEnd);
        if (first < 0 || last < first) {
            r.windowEndSecond = windowEnd;
            return r;
        }
        int impact = find(first, last, i -> errors(i) > 0 || below(publish(i), publishTarget) || below(consume(i), consumeTarget));
        int ratesBack = -1;
        int backlogBack = -1;
        if (impact < 0) {
            r.ratesRecoveredSeconds = 0.0;
            r.backlogRecoveredSeconds = 0.0;
        } else {
            r.firstImpactSeconds = seconds(start(impact) - faultSecond);
            long allowance = backlogAllowance(first);
            ratesBack = find(impact, last - STEADY_SECONDS + 1, i -> steady(i, last));
            // While nothing is confirmed nor delivered the backlog does not grow: it is back once both flow again.
            int flowing = Math.max(impact, Math.max(afterSilence(first, last, this::publish), afterSilence(first, last, this::consume)));
            backlogBack = find(flowing, last, i -> samples.backlog.get(i) <= allowance);
            if (ratesBack >= 0) {
                r.ratesRecoveredSeconds = seconds(start(ratesBack) - faultSecond);
            }
            if (backlogBack >= 0) {
                r.backlogRecoveredSeconds = seconds(samples.second.get(backlogBack) - faultSecond);
            }
        }
        r.recovered = r.ratesRecoveredSeconds != null && r.backlogRecoveredSeconds != null;
        int through = r.recovered ? Math.max(Math.max(ratesBack, backlogBack), first) : last;
        r.windowEndSecond = seconds(r.recovered ? faultSecond + Math.max(r.ratesRecoveredSeconds, r.backlogRecoveredSeconds) : windowEnd);
        int lasting = Double.isNaN(faultEnd) ? -1 : Math.min(last, lastStartingBefore(Math.min(faultEnd, windowEnd)));
        if (lasting > through) {
            through = lasting;
            r.windowEndSecond = seconds(Math.min(faultEnd, windowEnd));
        }
        r.publishUnavailableSeconds = round(idleSeconds(first, last, this::publish, publishTarget));
        r.consumeUnavailableSeconds = consumeTarget > 0 ? round(idleSeconds(first, last, this::consume, consumeTarget)) : 0;
        long errors = 0;
        for (int i = first; i <= through; i++) {
            errors += messages(this::errors, i);
            r.peakBacklog = Math.max(r.peakBacklog, samples.backlog.get(i));
            r.peakPublishDelay99pctMs = max(r.peakPublishDelay99pctMs, micros(samples.publishDelayLatency99pct.get(i)));
            r.peakPublishDelayMaxMs = max(r.peakPublishDelayMaxMs, micros(samples.publishDelayLatencyMax.get(i)));
            r.peakPublishLatency99pctMs = max(r.peakPublishLatency99pctMs, samples.publishLatency99pct.get(i));
            r.peakEndToEndLatency99pctMs = max(r.peakEndToEndLatency99pctMs, samples.endToEndLatency99pct.get(i));
            r.peakEndToEndLatencyMaxMs = max(r.peakEndToEndLatencyMaxMs, samples.endToEndLatencyMax.get(i));
        }
        r.sendErrors = errors;
        return r;
    }

    /**
     * How long a rate was at zero: the longest stretch of seconds without a message, plus the idle
     * share of the seconds on either side (a second at 40 % of the target was idle about 0.6 s).
     * Without a silent second, the largest idle share of one second.
     */
    private double idleSeconds(int first, int last, IntToRate rate, double target) {
        int[] silence = longestSilence(first, last, rate);
        if (silence == null) {
            double most = 0;
            for (int i = first; i <= last; i++) {
                most = Math.max(most, idleShare(rate, i, target) * length(i));
            }
            return most;
        }
        int bestStart = silence[0];
        int bestEnd = silence[1];
        double idle = 0;
        for (int i = bestStart; i <= bestEnd; i++) {
            idle += length(i);
        }
        if (bestStart - 1 >= 0) {
            idle += idleShare(rate, bestStart - 1, target) * length(bestStart - 1);
        }
        if (bestEnd + 1 < samples.second.size()) {
            idle += idleShare(rate, bestEnd + 1, target) * length(bestEnd + 1);
        }
        return idle;
    }

    /** The first and last index of the longest stretch of seconds without a message, or null. */
    private int[] longestSilence(int first, int last, IntToRate rate) {
        int[] best = null;
        for (int i = first; i <= last; i++) {
            if (messages(rate, i) == 0) {
                int j = i;
                while (j + 1 <= last && messages(rate, j + 1) == 0) {
                    j++;
                }
                if (best == null || j - i > best[1] - best[0]) {
                    best = new int[] {i, j};
                }
                i = j;
            }
        }
        return best;
    }

    /** The first second after the longest silence, or {@code first} if there was none. */
    private int afterSilence(int first, int last, IntToRate rate) {
        int[] silence = longestSilence(first, last, rate);
        return silence == null ? first : silence[1] + 1;
    }

    private double idleShare(IntToRate rate, int i, double target) {
        return 1 - Math.min(1, rate.at(i) / target);
    }

    /** The messages sample {@code i} counted, read back from its rate: a whole number. */
    private long messages(IntToRate rate, int i) {
        return Math.round(rate.at(i) * length(i));
    }

    /** The highest backlog of the seconds before the fault, with 10 % and 50 ms of traffic to spare. */
    private long backlogAllowance(int firstAfter) {
        long level = 0;
        for (int i = firstAfter - 1; i >= 0 && i >= firstAfter - BASELINE_SECONDS; i--) {
            level = Math.max(level, samples.backlog.get(i));
        }
        return Math.round(level * 1.1 + Math.max(10, 0.05 * Math.max(publishTarget, consumeTarget)));
    }

    private boolean steady(int from, int last) {
        for (int i = from; i < from + STEADY_SECONDS; i++) {
            if (i > last || !near(publish(i), publishTarget) || (consumeTarget > 0 && !near(consume(i), consumeTarget)) || errors(i) > 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean near(double rate, double target) {
        return Math.abs(rate - target) <= RATE_TOLERANCE * target;
    }

    private static boolean below(double rate, double target) {
        return target > 0 && rate < (1 - RATE_TOLERANCE) * target;
    }

    private int find(int from, int to, IntPredicate test) {
        for (int i = Math.max(0, from); i <= to; i++) {
            if (test.test(i)) {
                return i;
            }
        }
        return -1;
    }

    private int firstEndingAfter(double second) {
        return find(0, samples.second.size() - 1, i -> samples.second.get(i) > second);
    }

    private int lastStartingBefore(double second) {
        for (int i = samples.second.size() - 1; i >= 0; i--) {
            if (start(i) < second) {
                return i;
            }
        }
        return -1;
    }

    private double start(int i) {
        return i == 0 ? 0 : samples.second.get(i - 1);
    }

    private double length(int i) {
        return samples.second.get(i) - start(i);
    }

    private double publish(int i) {
        return samples.publishRate.get(i);
    }

    private double consume(int i) {
        return samples.consumeRate.get(i);
    }

    private double errors(int i) {
        return samples.publishErrorRate.get(i);
    }

    private static Double micros(Long value) {
        return value == null ? null : value / 1000.0;
    }

    private static Double max(Double a, Double b) {
        if (a == null || b == null) {
            return a == null ? b : a; // not a conditional expression of Double and double: that would unbox a null
        }
        return Math.max(a, b);
    }

    /** Seconds to the millisecond, never below 0 (the samples' own resolution; no float dust like 6.0009999). */
    private static double seconds(double value) {
        return Math.max(0, Math.round(value * 1000) / 1000.0);
    }

    private static double round(double seconds) {
        return Math.round(seconds * 10) / 10.0;
    }

    @FunctionalInterface
    private interface IntToRate {
        double at(int i);
    }

    /** One line for the console: {@code no confirmed sends for 5.2 s, ...}. */
    public static String describe(FaultRecord.Recovery r) {
        StringBuilder line = new StringBuilder();
        line.append(r.firstImpactSeconds == null ? "no impact seen" : String.format(Locale.ROOT, "felt after %.0f s", r.firstImpactSeconds));
        line.append(String.format(Locale.ROOT, "; no confirmed sends for %.1f s, no deliveries for %.1f s",
                r.publishUnavailableSeconds, r.consumeUnavailableSeconds));
        line.append(r.ratesRecoveredSeconds == null ? "; rates not back within 5 %"
                : String.format(Locale.ROOT, "; rates back within 5 %% after %.0f s", r.ratesRecoveredSeconds));
        line.append(r.backlogRecoveredSeconds == null ? ", backlog not back"
                : String.format(Locale.ROOT, ", backlog after %.0f s", r.backlogRecoveredSeconds));
        line.append(String.format(Locale.ROOT, "; %,d send errors; peak backlog %,d", r.sendErrors, r.peakBacklog));
        if (r.peakPublishDelayMaxMs != null) {
            line.append(String.format(Locale.ROOT, "; peak publish delay %,.0f ms", r.peakPublishDelayMaxMs));
        }
        if (r.peakEndToEndLatencyMaxMs != null) {
            line.append(String.format(Locale.ROOT, ", end-to-end p99 %,.0f ms, max %,.0f ms",
                    r.peakEndToEndLatency99pctMs, r.peakEndToEndLatencyMaxMs));
        }
        return line.toString();
    }
}
