package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.RateSearch;
import io.mqbench.result.TestResult;
import java.time.Duration;
import java.util.Locale;

/**
 * {@code producerRate: 0}: the rate search runs during the warm-up (longer if it has not settled),
 * the measured phase holds the rate it found and is judged by the search's own rule. Its part of
 * the result is {@code rateDiscovery}: handed to the assembler as the search starts, filled by the
 * search and the measured phase.
 */
final class MaxRateMode implements MeasurementMode {
    @Override
    public String label() {
        return "max-rate";
    }

    @Override
    public double startRate(RunContext ctx) {
        TestResult.RateDiscovery discovery = new TestResult.RateDiscovery();
        ctx.assembler.rateDiscovery(discovery);
        Integer longest = ctx.workload.maxRateLongestExtensionSeconds;
        ctx.rateSearch = new RateSearch(new WorkerLoadProbe(ctx), ctx.workload.subscriptionsPerTopic, ctx.hasConsumers(),
                ctx.workload.maxRateLatencyLimit, discovery, new SearchConsole(ctx.console),
                longest == null ? RateSearch.LONGEST_EXTENSION : Duration.ofSeconds(longest));
        return RateSearch.startRate();
    }

    @Override
    public String startTitle(RunContext ctx) {
        return String.format(Locale.ROOT, "start producers at %,d msg/s, the rate search's first trial", (long) RateSearch.startRate());
    }

    @Override
    public String warmUpTitle(RunContext ctx) {
        String objective = ctx.workload.maxRateLatencyLimit == null ? "maximum sustainable rate"
                : "highest rate with " + ctx.workload.maxRateLatencyLimit.describe();
        return MeasurementMode.super.warmUpTitle(ctx) + ", searching for the " + objective
                + " (longer if the search has not settled)";
    }

    /** The search, then the rest of the warm-up (if a second or more is left) at the rate found. */
    @Override
    public void warmUp(RunContext ctx) throws Exception {
        Duration warmup = ctx.workload.warmupDuration();
        long start = System.nanoTime();
        ctx.rateSearch.run(warmup, ctx.loadStartNanos);
        report(ctx);
        Duration rest = warmup.minusNanos(System.nanoTime() - start);
        if (rest.compareTo(Duration.ofSeconds(1)) >= 0) {
            ctx.console.info("the warm-up goes on at that rate for " + Console.duration(rest.withNanos(0)));
            new LoadMonitor(ctx).runFor("warm-up", rest, false);
        }
    }

    @Override
    public String measureTitle(RunContext ctx) {
        return MeasurementMode.measuredFor(ctx, "measure", String.format(Locale.ROOT, " at %,.0f msg/s", ctx.targetRate));
    }

    @Override
    public void measure(RunContext ctx) throws Exception {
        new MaxRateMeasurement(ctx).run();
    }

    /**
     * The rate the result's periods were measured at: the rate found, or a retry's lower one (also
     * when the run ended between two attempts, whose periods are the earlier's); the rate found if
     * the run ended in the rest of the warm-up; none if it ended during the search.
     */
    @Override
    public Double resultTargetRate(RunContext ctx) {
        TestResult.RateDiscovery found = ctx.result.rateDiscovery;
        if (found == null || found.foundRate == null) {
            return null;
        }
        return ctx.measuredAttemptRate != null ? ctx.measuredAttemptRate : ctx.targetRate;
    }

    /** Where the last climb took the rate from the bracket's: up, or down when the broker had slowed. */
    static String climbText(TestResult.RateDiscovery found) {
        if (found.climbedFromRate == null || found.climbedFromRate.equals(found.foundRate)) {
            return "";
        }
        return String.format(Locale.ROOT, found.climbedFromRate < found.foundRate
                ? ", climbed from %,.0f" : ", down from %,.0f: it no longer held in the last climb", found.climbedFromRate);
    }

    private static void report(RunContext ctx) {
        TestResult.RateDiscovery found = ctx.result.rateDiscovery;
        String bracket = found.unsustainableRate == null ? ""
                : String.format(Locale.ROOT, " (sustainable %,.0f, unsustainable %,.0f msg/s)", found.sustainableRate, found.unsustainableRate);
        if (found.converged) {
            String climbed = climbText(found);
            ctx.console.info(String.format(Locale.ROOT, "the search converged at %s on %,.0f msg/s%s%s after %d trials%s",
                    Console.clock(Duration.ofMillis((long) (found.convergedAtSecond * 1000))), found.foundRate, climbed, bracket,
                    found.trials.size(), found.warmupExtendedSeconds >= 1
                            ? String.format(Locale.ROOT, "; the warm-up was extended by %.0f s", found.warmupExtendedSeconds) : ""));
        } else {
            ctx.warn(String.format(Locale.ROOT, "%s; measuring at %,.0f msg/s", found.note, found.foundRate));
        }
    }
}
