package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.RateSearch;
import io.mqbench.result.Rounding;
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

    /**
     * The search; then the measured phase's start at the rate found (what the search's last windows
     * left drained, the rate settled); then the rest of the warm-up (if a second or more is left).
     */
    @Override
    public void warmUp(RunContext ctx) throws Exception {
        Duration warmup = ctx.workload.warmupDuration();
        long start = System.nanoTime();
        // The search reads its own counters, not the periods: the client's load is sampled at its
        // two ends, so that the host's share over the search is known when its slow spells are told.
        ctx.clientLoad.sample(ctx.worker, false);
        double found = ctx.rateSearch.run(warmup, ctx.loadStartNanos);
        ctx.clientLoad.sample(ctx.worker, false);
        report(ctx);
        ctx.measuredRestart = ctx.rateSearch.startMeasuredPhase(found);
        tellDrain(ctx, ctx.measuredRestart, "the search's last windows left", found);
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
     * the run ended before the measured phase (while the producers paused to drain what the search
     * left, or in the rest of the warm-up); none if it ended during the search.
     */
    @Override
    public Double resultTargetRate(RunContext ctx) {
        TestResult.RateDiscovery found = ctx.result.rateDiscovery;
        if (found == null || found.foundRate == null) {
            return null;
        }
        return ctx.measuredAttemptRate != null ? ctx.measuredAttemptRate : found.foundRate;
    }

    /** Says what a drain before a measured attempt took, if there was one. */
    static void tellDrain(RunContext ctx, RateSearch.Restart restart, String leftBy, double rate) {
        if (restart.drainSeconds() != null) {
            ctx.console.info(String.format(Locale.ROOT, "%s %,d messages held (%.1f s of load) beyond where the search began:"
                    + " producers paused %.1f s to drain them, then ran %.1f s at %,.0f msg/s before measuring",
                    leftBy, restart.drainedMessages(), restart.drainedMessages() / rate, restart.drainSeconds(),
                    restart.settleSeconds(), rate));
        }
    }

    /** Where the last climb took the rate from the bracket's: up, or down when the broker had slowed. */
    static String climbText(TestResult.RateDiscovery found) {
        if (found.climbedFromRate == null || found.climbedFromRate.equals(found.foundRate)) {
            return "";
        }
        return String.format(Locale.ROOT, found.climbedFromRate < found.foundRate
                ? ", climbed from %,.0f" : ", down from %,.0f: it no longer held in the last climb", found.climbedFromRate);
    }

    /**
     * Records in the search's result the most a sustainable trial achieved and whether that was
     * clearly more than the rate found ({@link RateSearch#capacityMoved}): the system
     * slowed during the search (a RabbitMQ search here held 35,850 msg/s at 1:05, then met a slow
     * spell and found 19,520, whose measured minute held with a publish median of 0.4 ms), so the
     * figure is that of its slower spell, and a repeat can differ by as much. Returns the warning
     * that says so, or null. The report and bin/compare read {@code capacityMoved}; results written
     * before it existed are known by the warning's first words (charts/mqbench_charts/verdict.py).
     *
     * @param most the sustainable trial that achieved the most, as the search judged it (null if none)
     * @param hostSteal the largest share of a worker's machine the host took during the search (NaN
     *     if unknown): a notable one is named in the warning, as one cause of a slow spell
     */
    static String recordCapacityMoved(TestResult.RateDiscovery found, RateSearch.Achieved most, double hostSteal) {
        found.mostAchievedRate = most == null ? null : Rounding.whole(most.rate());
        boolean comparable = found.foundRate != null && found.foundRate > 0 && most != null;
        found.capacityMoved = comparable ? RateSearch.capacityMoved(most.rate(), found.foundRate) : null;
        if (!Boolean.TRUE.equals(found.capacityMoved)) {
            return null;
        }
        TestResult.RateTrial best = most.trial();
        return String.format(Locale.ROOT, "the system's capacity moved during the search: a trial at %s achieved %,.0f msg/s"
                + " (%s at %,.0f), %.0f%% more than the rate found, %,.0f; the measured phase shows the system as it was at the"
                + " search's end, and a repeat of the run may find as much more%s",
                Console.clock(Duration.ofMillis((long) (best.second * 1000))), most.rate(), best.stage, best.targetRate,
                100 * (most.rate() / found.foundRate - 1), found.foundRate,
                hostSteal >= ClientLoadMeter.STEAL_NOTABLE_SHARE ? String.format(Locale.ROOT, "; the host of the client's"
                        + " virtual machine took %.1f%% of its CPU during the search (steal time), a cause of slow spells",
                        100 * hostSteal) : "");
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
        String moved = recordCapacityMoved(found, ctx.rateSearch.mostAchieved(), ctx.clientLoad.hostStealShareBeforeMeasuring());
        if (moved != null) {
            ctx.warn(moved);
        }
    }
}
