package io.mqbench.cli;

import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.coordinator.Console;
import io.mqbench.result.RunEnd;
import io.mqbench.result.TestResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How far apart the repeats of each driver and workload came out ({@code --repeat}): the lowest
 * and highest mean publish rate of its complete runs (what a max-rate run measures) and end-to-end
 * p99 (what a fixed-rate run is read for). One run of a system whose repeats are far apart is good
 * to no better than that spread, whatever its periods' own deviation says.
 */
final class RepeatSpread {
    /** Repeats further apart than this share of the lower rate say what that means. */
    static final double NOTED_SHARE = 0.05;

    private RepeatSpread() {}

    /**
     * One line per point that has two complete runs or more, in the order the points first ran.
     *
     * @param points the points run, in order; {@code outcomes} holds the first of them (all, unless stopped)
     */
    static List<String> lines(List<RunPoint> points, List<BenchmarkRun.Outcome> outcomes) {
        Map<String, List<TestResult>> completeRuns = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i < outcomes.size(); i++) {
            BenchmarkRun.Outcome outcome = outcomes.get(i);
            TestResult result = outcome.result();
            if (outcome.status() == RunEnd.Status.COMPLETE && result.summary != null && result.summary.measuredSeconds > 0) {
                RunPoint point = points.get(i);
                labels.putIfAbsent(point.key(), "'" + point.workload().workload().name + "' on '" + point.driver().name() + "'");
                completeRuns.computeIfAbsent(point.key(), key -> new ArrayList<>()).add(result);
            }
        }
        List<String> lines = new ArrayList<>();
        completeRuns.forEach((key, runs) -> {
            if (runs.size() >= 2) {
                lines.add(line(labels.get(key), runs.stream().map(r -> r.summary.publishRate.mean).toList(),
                        runs.stream().map(r -> r.aggregatedEndToEndLatency99pct).toList(),
                        (int) runs.stream().filter(r -> !heldItsRate(r)).count(),
                        (int) runs.stream().filter(RepeatSpread::capacityMoved).count()));
            }
        });
        return lines;
    }

    /** A max-rate run whose last measured attempt did not hold its rate; every other run counts as held. */
    private static boolean heldItsRate(TestResult result) {
        if (result.rateDiscovery == null || result.rateDiscovery.measuredPhases.isEmpty()) {
            return true;
        }
        List<TestResult.MeasuredPhaseCheck> phases = result.rateDiscovery.measuredPhases;
        return phases.get(phases.size() - 1).held;
    }

    /** A max-rate run whose search saw the system's capacity move (a trial achieved a tenth or more above the rate found). */
    private static boolean capacityMoved(TestResult result) {
        return result.rateDiscovery != null && Boolean.TRUE.equals(result.rateDiscovery.capacityMoved);
    }

    /**
     * @param endToEnd99 each run's end-to-end p99 in milliseconds, in the order of {@code published}
     * @param notHeld how many of the runs were max-rate runs whose measured phase did not hold the rate found
     * @param moved how many were max-rate runs whose search saw the capacity move: the likeliest reason they differ
     */
    static String line(String label, List<Double> published, List<Double> endToEnd99, int notHeld, int moved) {
        double lowest = min(published);
        double highest = max(published);
        double apart = lowest > 0 ? highest / lowest - 1 : Double.POSITIVE_INFINITY;
        String text = String.format(Locale.ROOT, "repeats of %s (%d complete runs): publish rate %,.0f to %,.0f msg/s, %.1f%% apart",
                label, published.size(), lowest, highest, 100 * apart);
        List<String> why = new ArrayList<>();
        if (notHeld > 0) {
            why.add(String.format(Locale.ROOT, "%d of them did not hold the rate its search found", notHeld));
        }
        if (moved > 0) {
            why.add(String.format(Locale.ROOT, "in %d the system's capacity moved during the search", moved));
        }
        if (!why.isEmpty()) {
            text += " (" + String.join("; ", why) + ")";
        }
        if (apart > NOTED_SHARE) {
            text += String.format(Locale.ROOT, " (more than %.0f%%: one run of this system is good to no better than that)",
                    100 * NOTED_SHARE);
        }
        // Runs without consumers have no end-to-end latency to compare.
        return max(endToEnd99) <= 0 ? text : text + "; e2e p99 " + Console.ms(min(endToEnd99)) + " to " + Console.ms(max(endToEnd99)) + " ms";
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
}
