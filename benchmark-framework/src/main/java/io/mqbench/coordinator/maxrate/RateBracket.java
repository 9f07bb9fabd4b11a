package io.mqbench.coordinator.maxrate;

import java.util.TreeSet;

/**
 * What the trials so far say about the maximum: the highest rate judged sustainable, the lowest
 * judged not, and an estimate of the capacity from the last unsustainable trial (the rate the
 * slower side actually achieved there). Chooses the next rate to try:
 *
 * <ol>
 *   <li>no unsustainable rate yet: ramp up (×2; ×1.25 once an earlier verdict was overturned),
 *       judged loosely (5 %): only a coarse bracket is needed;
 *   <li>no sustainable rate yet: go just below the estimate (halve when there is none);
 *   <li>both: try just below, then just above the estimate, which brackets a good estimate within
 *       two trials; when it does not split the bracket usefully, bisect (geometric mean).
 * </ol>
 *
 * Each candidate comes with the tolerance its verdict needs: a trial just beside the estimate must
 * be judged more finely than its distance from it, a bisection of a wide bracket need not.
 *
 * A later verdict overrules an earlier one: a sustainable rate at or above the lowest unsustainable
 * one clears that bound (the earlier trial was disturbed, or the system warmed up), and the other
 * way round.
 */
final class RateBracket {
    static final double RAMP_FACTOR = 2;
    static final double GENTLE_RAMP_FACTOR = 1.25;

    private final double tolerance;
    private final double coarseTolerance;
    private final double margin;
    private final double minRate;
    private final double maxRate;
    private double healthy;
    private double unhealthy = Double.POSITIVE_INFINITY;
    private double estimate = Double.NaN;
    private double last;
    private boolean overturned;
    /** Every rate judged sustainable so far, for when a later verdict overturns the highest. */
    private final TreeSet<Double> sustainable = new TreeSet<>();

    /**
     * @param tolerance converged when unhealthy / healthy is at most 1 + tolerance
     * @param coarseTolerance the verdicts' tolerance while ramping
     */
    RateBracket(double tolerance, double coarseTolerance, double minRate, double maxRate) {
        this.tolerance = tolerance;
        this.coarseTolerance = coarseTolerance;
        this.margin = tolerance / 2.1;
        this.minRate = minRate;
        this.maxRate = maxRate;
    }

    /**
     * @param achieved what the slower side achieved in an unsustainable trial, as an estimate of the
     *     capacity; NaN when the trial says nothing about it (it failed on latency)
     */
    void record(double rate, boolean sustainable, double achieved) {
        last = rate;
        if (sustainable) {
            this.sustainable.add(rate);
            healthy = Math.max(healthy, rate);
            if (rate >= unhealthy) {
                unhealthy = Double.POSITIVE_INFINITY;
                estimate = Double.NaN;
                overturned = true;
            }
        } else {
            unhealthy = Math.min(unhealthy, rate);
            estimate = achieved;
            if (rate <= healthy) {
                healthy = 0;
                overturned = true;
            }
        }
    }

    /** Would this verdict overturn an end of the bracket? */
    boolean contradicts(double rate, boolean sustainable) {
        return sustainable ? rate >= unhealthy : rate <= healthy;
    }

    double healthy() {
        return healthy;
    }

    /**
     * The highest rate ever judged sustainable below the lowest unsustainable one (0 if none): what
     * a search that runs out of time after a later verdict overturned its sustainable end still
     * knows.
     */
    double highestSustainableBelowTheLimit() {
        Double below = sustainable.lower(unhealthy);
        return below == null ? 0 : below;
    }

    double unhealthy() {
        return unhealthy;
    }

    boolean hasUnhealthy() {
        return unhealthy != Double.POSITIVE_INFINITY;
    }

    boolean ramping() {
        return !hasUnhealthy();
    }

    boolean converged() {
        return healthy > 0 && hasUnhealthy() && unhealthy <= healthy * (1 + tolerance) * (1 + 1e-9);
    }

    /** Nothing is sustainable even at the lowest rate, or everything up to the highest. */
    boolean exhausted() {
        return (healthy == 0 && unhealthy <= minRate * (1 + tolerance)) || healthy >= maxRate;
    }

    /** A rate to try, and the tolerance its verdict needs. */
    record Candidate(double rate, double tolerance) {}

    Candidate next() {
        if (!hasUnhealthy()) {
            return new Candidate(clamp(Math.max(last, healthy) * (overturned ? GENTLE_RAMP_FACTOR : RAMP_FACTOR)), coarseTolerance);
        }
        double fine = margin / 2;
        if (healthy == 0) {
            // Without an estimate (the trial failed on latency alone) halve rather than creep down.
            if (Double.isNaN(estimate) || estimate <= 0) {
                return new Candidate(clamp(unhealthy / 2), coarseTolerance);
            }
            return new Candidate(clamp(Math.min(estimate * (1 - margin), unhealthy / (1 + tolerance))), fine);
        }
        if (!Double.isNaN(estimate)) {
            for (double candidate : new double[] {estimate * (1 - margin), estimate * (1 + margin)}) {
                if (splitsUsefully(candidate)) {
                    return new Candidate(candidate, fine);
                }
            }
        }
        double width = unhealthy / healthy - 1;
        return new Candidate(Math.sqrt(healthy * unhealthy), Math.max(fine, Math.min(coarseTolerance, width / 8)));
    }

    /** Inside the bracket and at least a quarter of the tolerance away from either end. */
    private boolean splitsUsefully(double candidate) {
        double step = 1 + tolerance / 4;
        return candidate >= healthy * step && candidate * step <= unhealthy;
    }

    private double clamp(double rate) {
        return Math.max(minRate, Math.min(maxRate, rate));
    }
}
