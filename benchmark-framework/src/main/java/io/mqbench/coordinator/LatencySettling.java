package io.mqbench.coordinator;

import io.mqbench.result.TestResult;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the measured phase began before latency had settled. A system just started is slow for a
 * while: the JIT compiles the client's hot paths (and a JVM broker's), caches fill, a broker
 * finishes its own start-up. On the project's 2-core machine a Kafka broker started by the
 * quickstart, with a 5-s warm-up, gave an end-to-end p99 of 146 ms over the first 10 s measured and
 * 8.6 ms over the third; with the broker warm, a new client alone still gave 143 ms and then 7 ms.
 * Such a start owns the run's tail (its aggregated p99 is mostly the first period), so the figures
 * would describe the start-up, not the system, and nothing else in the result says so.
 *
 * <p>The rule, on the result's 10-s periods: with at least two, the first period's p99 (end-to-end
 * when consumers read, publish latency otherwise) is at least {@value #RATIO} times the level the
 * run reached, the median p99 of the periods in the second half of the measured phase, and at least
 * {@value #MIN_EXCESS_MILLIS} ms above it. The second half, not all later periods: a start can take
 * longer than a period (the quickstart's broker once gave 73, 60 and 17 ms, and 2-9 ms once warm),
 * and the median lets one late spike pass. A last period shorter than {@value #SHORTEST_PERIOD_SECONDS}
 * s (a duration that is not a multiple of 10 s) holds too few messages for its p99 to be a level and
 * is left out. The floor keeps microsecond jitter (an in-memory driver's first JIT pause) from
 * counting; the ratio asks for a start that stands out, not the spread of a steady run.
 *
 * <p>The judgement goes into the result whichever way it falls ({@code latencySettling}), so the
 * report need not read the warning's words.
 *
 * <p>Only fixed-rate runs are judged, where the warm-up alone keeps a start out: a maximum-rate
 * search has run for minutes before it measures, and a backlog run's latency is the backlog's by
 * design. Runs with faults are not judged either: a fault in the first period is not a start-up.
 */
final class LatencySettling {
    static final double RATIO = 3;
    static final double MIN_EXCESS_MILLIS = 1;
    static final double SHORTEST_PERIOD_SECONDS = 1.5;

    private LatencySettling() {}

    /** Records the judgement in the run's result, and warns when its measured phase began unsettled. */
    static void check(RunContext ctx) {
        if (!ctx.mode.judgesSettling() || ctx.faults != null) {
            return;
        }
        judge(ctx.result, ctx.hasConsumers()).ifPresent(judged -> {
            ctx.assembler.latencySettling(judged);
            warning(judged, ctx.workload.warmupDuration()).ifPresent(ctx::warn);
        });
    }

    /** The judgement, or nothing when the periods cannot be judged (fewer than two with latencies). */
    static Optional<TestResult.LatencySettling> judge(TestResult result, boolean consumers) {
        boolean endToEnd = consumers && result.endToEndLatency99pct.stream().anyMatch(p99 -> p99 != null && p99 > 0);
        List<Double> p99s = endToEnd ? result.endToEndLatency99pct : result.publishLatency99pct;
        int last = p99s.size() - 1;
        if (last >= 0 && last < result.periodSeconds.size() && result.periodSeconds.get(last) < SHORTEST_PERIOD_SECONDS) {
            p99s = p99s.subList(0, last);
        }
        if (p99s.size() < 2 || p99s.contains(null)) {
            return Optional.empty();
        }
        TestResult.LatencySettling judged = new TestResult.LatencySettling();
        judged.latency = endToEnd ? "end-to-end" : "publish";
        judged.firstPeriodP99Ms = p99s.get(0);
        judged.firstPeriodSeconds = result.periodSeconds.isEmpty() ? 10 : result.periodSeconds.get(0);
        judged.secondHalfP99Ms = median(p99s.subList((p99s.size() + 1) / 2, p99s.size()));
        judged.settled = judged.firstPeriodP99Ms < judged.secondHalfP99Ms * RATIO
                || judged.firstPeriodP99Ms - judged.secondHalfP99Ms < MIN_EXCESS_MILLIS;
        return Optional.of(judged);
    }

    static Optional<String> warning(TestResult result, boolean consumers, Duration warmup) {
        return judge(result, consumers).flatMap(judged -> warning(judged, warmup));
    }

    private static Optional<String> warning(TestResult.LatencySettling judged, Duration warmup) {
        if (judged.settled) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "%s latency was still settling when the measured phase began: p99 %s ms in its first %.0f s, %s ms in"
                        + " its second half; the run's figures include the start-up of the client or the broker (JIT"
                        + " compilation, caches, a broker just started): a longer warm-up than %s (--warmup, or the"
                        + " workload's warmupDurationMinutes) leaves it out",
                judged.latency, Console.ms(judged.firstPeriodP99Ms), judged.firstPeriodSeconds,
                Console.ms(judged.secondHalfP99Ms), Console.duration(warmup)));
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
