package io.mqbench.coordinator;

import io.mqbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;

/**
 * What a workload's mode decides in a run, in one place: the rate the producers start at, what the
 * warm-up does, and what the measured phase does and adds to the result. {@link StartLoad},
 * {@link WarmUp} and {@link Measure} run the mode of the workload and know none of them; a new mode
 * is a new implementation and a line in {@link #of}.
 */
sealed interface MeasurementMode permits FixedRateMode, MaxRateMode, BacklogMode {

    /** The mode of {@code workload}; the validator has already refused the combinations that have none. */
    static MeasurementMode of(Workload workload) {
        if (workload.isBacklog()) {
            return new BacklogMode();
        }
        return workload.isMaxRate() ? new MaxRateMode() : new FixedRateMode();
    }

    /** The result's {@code mode}. */
    String label();

    /** Prepares the mode's part of the run and returns the rate the producers start at: the workload's by default. */
    default double startRate(RunContext ctx) {
        return ctx.workload.rate();
    }

    /** What the producers start at, for the console. */
    default String startTitle(RunContext ctx) {
        return String.format(Locale.ROOT, "start producers at %,d msg/s", ctx.workload.rate());
    }

    /** What the warm-up does, for the console. */
    default String warmUpTitle(RunContext ctx) {
        return "warm up for " + Console.duration(ctx.workload.warmupDuration());
    }

    /** The load during the warm-up (the statistics are emptied after it by {@link WarmUp}). */
    default void warmUp(RunContext ctx) throws Exception {
        WarmUp.atTheTargetRate(ctx, ctx.workload.warmupDuration());
    }

    /** What the measured phase does, for the console. */
    String measureTitle(RunContext ctx);

    void measure(RunContext ctx) throws Exception;

    /**
     * The result's {@code targetRate} when the run ends: the rate the producers were last asked for
     * (the measured phase's, or the warm-up's if it ended there); null when the run had no such rate.
     */
    default Double resultTargetRate(RunContext ctx) {
        return ctx.targetRate;
    }

    /**
     * Whether the measured phase's first period is judged for latency still settling
     * ({@link LatencySettling}): where the warm-up alone keeps a start-up out of the figures.
     */
    default boolean judgesSettling() {
        return false;
    }

    /** "for 1m", or "until N messages are received (limit 1m)" for a count-bounded run; {@code rate} precedes it. */
    static String measuredFor(RunContext ctx, String what, String rate) {
        Duration limit = ctx.workload.testDuration();
        if (ctx.workload.messageCount != null) {
            return String.format(Locale.ROOT, "%s%s until %,d messages are received (limit %s)",
                    what, rate, ctx.workload.messageCount, Console.duration(limit));
        }
        return what + rate + " for " + Console.duration(limit);
    }
}
