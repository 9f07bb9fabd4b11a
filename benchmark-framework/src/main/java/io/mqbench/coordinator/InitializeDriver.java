package io.mqbench.coordinator;

import io.mqbench.config.UserError;
import io.mqbench.result.ClockOffset;
import java.util.List;
import java.util.Locale;

/**
 * Starts the driver on the worker(s), notes what it says about itself and, with workers on other
 * hosts, how far their clocks are from ours: end-to-end latency between hosts is only as good as
 * their clocks, so a large offset is shown and recorded, never silently "corrected".
 */
final class InitializeDriver implements Phase {
    @Override
    public String title(RunContext ctx) {
        return "initialize driver " + ctx.driver.name() + " (" + ctx.driver.driverClass() + ")";
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        try {
            ctx.worker.initializeDriver(ctx.driver.effectiveFile());
        } catch (UserError e) {
            throw ctx.driver.effectiveFile().equals(ctx.driver.file()) ? e
                    : e.changedBy(ctx.driver.file(), ctx.driver.effectiveFile(), "resolved");
        }
        ctx.assembler.driverMetadata(ctx.worker.getDriverMetadata());
        List<ClockOffset> clocks = ctx.worker.estimateClockOffsets();
        for (ClockOffset clock : clocks) {
            report(ctx.console, clock);
        }
    }

    private static void report(Console console, ClockOffset clock) {
        if (!clock.known()) {
            console.info("clock of " + clock.worker() + ": unknown (" + clock.note() + ")");
            return;
        }
        console.info(String.format(Locale.ROOT, "clock of %s: %+.3f ms from ours (round trip %.3f ms)",
                clock.worker(), clock.offsetMicros() / 1000.0, clock.roundTripMicros() / 1000.0));
        if (clock.surelyAboveLimit()) {
            console.info(String.format(Locale.ROOT, "warning: the clock of %s is %.1f ms off ours; end-to-end latencies between"
                            + " it and other hosts are off by up to that much (they are not corrected): synchronise the clocks (chrony, PTP)",
                    clock.worker(), Math.abs(clock.offsetMicros()) / 1000.0));
        } else if (clock.tooUncertain()) {
            console.info(String.format(Locale.ROOT, "warning: the round trips to %s were too slow (%.3f ms at best) to tell whether"
                            + " its clock is within %.0f ms of ours; end-to-end latencies between hosts may be off by that much",
                    clock.worker(), clock.roundTripMicros() / 1000.0, ClockOffset.WARN_ABOVE_MICROS / 1000.0));
        }
    }
}
