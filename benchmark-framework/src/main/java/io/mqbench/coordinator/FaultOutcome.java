package io.mqbench.coordinator;

import io.mqbench.delivery.DeliveryReport;
import io.mqbench.delivery.DeliverySummary;
import io.mqbench.delivery.MissingBySendTime;
import io.mqbench.faults.FaultSchedule;
import io.mqbench.faults.RecoveryFigures;
import io.mqbench.result.FaultRecord;
import java.io.IOException;
import java.util.Locale;

/** Hands what the fault schedule did to the result and prints it, with its recovery figures. */
final class FaultOutcome {
    private FaultOutcome() {}

    static void record(RunContext ctx, FaultSchedule.Ending ending) {
        ctx.faultEnding = ending;
        ctx.assembler.faults(ending.records());
        double consumeTarget = ctx.hasConsumers() ? ctx.targetRate * ctx.workload.subscriptionsPerTopic : 0;
        RecoveryFigures.fill(ending.records(), ctx.result.samples, ctx.targetRate, consumeTarget);
        for (FaultRecord record : ending.records()) {
            if (record.recovery != null) {
                ctx.console.info(String.format(Locale.ROOT, "%s %s at %.1f s: %s", record.action, record.subject(),
                        record.startSecond, RecoveryFigures.describe(record.recovery)));
            }
            if ("not run".equals(record.outcome)) {
                ctx.console.info(String.format(Locale.ROOT, "fault %s %s due at %.1f s was not run: %s", record.action,
                        record.subject(), record.dueSecond, record.detail));
            }
            if ("failed".equals(record.outcome)) {
                ctx.warn(String.format(Locale.ROOT, "the fault %s %s at %.1f s failed (%s): the run did not go through it as planned",
                        record.action, record.subject(), record.startSecond, record.detail));
            }
        }
        for (String target : ending.leftDown()) {
            ctx.warn(target + " was left stopped by the fault schedule; start it with bin/brokers start --as-before " + target);
        }
    }

    /**
     * After the delivery check: places each confirmed message that never arrived before, during or
     * after each disruptive fault, by its send time.
     */
    static void attributeMissing(RunContext ctx) throws IOException {
        DeliverySummary delivery = ctx.result.delivery;
        if (ctx.faultEnding == null || delivery == null || !delivery.checked) {
            return;
        }
        boolean anyMissing = delivery.missing != null && delivery.missing > 0;
        DeliveryReport report = anyMissing ? ctx.worker.getDeliveryReport() : new DeliveryReport();
        for (FaultRecord record : ctx.faultEnding.records()) {
            if (record.recovery == null) {
                continue;
            }
            long from = ctx.faultEnding.originMicros() + Math.round(record.startSecond * 1e6);
            long to = ctx.faultEnding.originMicros() + Math.round(record.recovery.windowEndSecond * 1e6);
            record.recovery.missing = MissingBySendTime.count(report, ctx.subscriptionsByTopic, from, to);
            MissingBySendTime m = record.recovery.missing;
            if (m.sentBefore + m.sentDuring + m.sentAfter + m.timeUnknown > 0) {
                ctx.console.info(String.format(Locale.ROOT, "%s %s: confirmed and never delivered: %,d sent before it, %,d during it,"
                        + " %,d after it%s", record.action, record.subject(),
                        m.sentBefore, m.sentDuring, m.sentAfter, m.timeUnknown > 0 ? String.format(Locale.ROOT,
                                ", %,d at an unknown time", m.timeUnknown) : ""));
            }
        }
    }
}
