package io.mqbench.coordinator;

import io.mqbench.faults.FaultSchedule;
import io.mqbench.faults.RecoveryFigures;
import io.mqbench.result.FaultRecord;
import java.util.Locale;

/** Puts what the fault schedule did into the result and on the console, with its recovery figures. */
final class FaultOutcome {
    private FaultOutcome() {}

    static void record(RunContext ctx, FaultSchedule.Ending ending) {
        ctx.result.faults = ending.records();
        double consumeTarget = ctx.hasConsumers() ? ctx.targetRate * ctx.workload.subscriptionsPerTopic : 0;
        RecoveryFigures.fill(ending.records(), ctx.result.samples, ctx.targetRate, consumeTarget);
        for (FaultRecord record : ending.records()) {
            if (record.recovery != null) {
                ctx.console.info(String.format(Locale.ROOT, "%s %s at %.1f s: %s", record.action,
                        record.target == null ? "'" + record.command + "'" : record.target, record.startSecond,
                        RecoveryFigures.describe(record.recovery)));
            }
            if ("not run".equals(record.outcome)) {
                ctx.console.info(String.format(Locale.ROOT, "fault '%s %s' due at %.1f s was not run: %s", record.action,
                        record.target == null ? record.command : record.target, record.dueSecond, record.detail));
            }
            if ("failed".equals(record.outcome)) {
                ctx.warn(String.format(Locale.ROOT, "the fault '%s %s' at %.1f s failed (%s): the run did not go through it as planned",
                        record.action, record.target == null ? record.command : record.target, record.startSecond, record.detail));
            }
        }
        for (String target : ending.leftDown()) {
            ctx.warn(target + " was left stopped by the fault schedule; start it with bin/brokers start --as-before " + target);
        }
    }
}
