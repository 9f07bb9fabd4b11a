package io.mqbench.cli;

import io.mqbench.workload.Workload;
import java.time.Duration;
import java.util.List;

/**
 * How long a suite's points will take, said before they run (the 2023 paper's suite runs for
 * hours): each point's warm-up and measured phase, plus a typical allowance for setting up and
 * draining. What cannot be known in advance is named: a maximum-rate search may extend its
 * warm-up, and a count-bounded run ends when its messages are in (its time limit is counted).
 */
record SuiteEstimate(Duration total, int points, int maxRatePoints, int countBoundedPoints) {
    /** Topic creation, producers and consumers ready, the drain and the result: seconds on a local broker. */
    static final Duration SETUP_AND_DRAIN_PER_POINT = Duration.ofSeconds(10);

    static SuiteEstimate of(List<RunPoint> points) {
        Duration total = Duration.ZERO;
        int maxRate = 0;
        int countBounded = 0;
        for (RunPoint point : points) {
            Workload workload = point.workload().workload();
            total = total.plus(workload.warmupDuration()).plus(workload.testDuration()).plus(SETUP_AND_DRAIN_PER_POINT);
            maxRate += workload.isMaxRate() ? 1 : 0;
            countBounded += workload.messageCount != null ? 1 : 0;
        }
        return new SuiteEstimate(total, points.size(), maxRate, countBounded);
    }

    /** {@code about 1 h 05 min for 12 point(s) (...)}. */
    String describe() {
        StringBuilder text = new StringBuilder("about ").append(clock(total)).append(" for ").append(points)
                .append(" point(s) (warm-up and measured time, plus about ").append(SETUP_AND_DRAIN_PER_POINT.toSeconds())
                .append(" s each to set up and drain");
        if (maxRatePoints > 0) {
            text.append("; ").append(maxRatePoints).append(" maximum-rate search(es) may extend their warm-up");
        }
        if (countBoundedPoints > 0) {
            text.append("; ").append(countBoundedPoints).append(" count-bounded point(s) counted at their time limit, most end sooner");
        }
        return text.append(')').toString();
    }

    static String clock(Duration duration) {
        long minutes = (duration.toSeconds() + 59) / 60;
        if (minutes < 60) {
            return minutes + " min";
        }
        return String.format("%d h %02d min", minutes / 60, minutes % 60);
    }
}
