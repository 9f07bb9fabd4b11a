package io.mqbench.coordinator;

import io.mqbench.delivery.DeliverySummary;
import io.mqbench.worker.commands.CountersStats;
import java.util.Locale;

/**
 * After the load stops: waits until every subscription has received every confirmed message (or
 * nothing more arrives for a few seconds, or the drain time runs out), then counts lost, duplicated
 * and out-of-order messages from the workers' ledgers.
 */
final class DeliveryCheck {
    static final long DRAIN_TIMEOUT_MILLIS = 60_000;
    /** After a stop request the user is waiting: drain briefly. */
    static final long DRAIN_TIMEOUT_WHEN_STOPPED_MILLIS = 5_000;
    private static final long STALL_MILLIS = 3_000;
    private static final long SEND_CONFIRM_WAIT_MILLIS = 30_000;
    /** The ledgers are larger than the counters (bitmaps, over HTTP from remote workers): ask less often. */
    private static final long LEDGER_CHECK_INTERVAL_MILLIS = 500;

    private final RunContext ctx;

    DeliveryCheck(RunContext ctx) {
        this.ctx = ctx;
    }

    DeliverySummary run() throws Exception {
        String unavailable = ctx.worker.deliveryUnavailableReason();
        if (unavailable != null) {
            ctx.console.info("delivery not checked: " + unavailable);
            return DeliverySummary.unchecked(unavailable);
        }
        boolean stopped = ctx.stop.stopped();
        ctx.worker.stopLoad(stopped ? DRAIN_TIMEOUT_WHEN_STOPPED_MILLIS : SEND_CONFIRM_WAIT_MILLIS);
        if (!ctx.hasConsumers()) {
            return DeliverySummary.unchecked("the workload has no consumers");
        }
        long timeout = stopped ? DRAIN_TIMEOUT_WHEN_STOPPED_MILLIS : DRAIN_TIMEOUT_MILLIS;
        long start = System.currentTimeMillis();
        long lastChange = start;
        long lastReceived = -1;
        long nextLedgerCheck = start;
        boolean drained;
        while (true) {
            CountersStats counters = ctx.worker.getCountersStats();
            long expected = counters.messagesSent * ctx.workload.subscriptionsPerTopic;
            long now = System.currentTimeMillis();
            if (counters.messagesReceived != lastReceived) {
                lastReceived = counters.messagesReceived;
                lastChange = now;
            }
            if (now - lastChange >= STALL_MILLIS) {
                drained = true;
                break;
            }
            // The count alone can mislead: duplicates and delivered-but-unconfirmed messages (a
            // broker restart makes both) reach it while confirmed messages are still on their way.
            if (counters.messagesReceived >= expected && now >= nextLedgerCheck) {
                if (nothingConfirmedMissing(now - start)) {
                    drained = true;
                    break;
                }
                nextLedgerCheck = now + LEDGER_CHECK_INTERVAL_MILLIS;
            }
            if (now - start >= timeout) {
                drained = false;
                break;
            }
            Thread.sleep(50);
        }
        double seconds = (System.currentTimeMillis() - start) / 1000.0;
        DeliverySummary summary = DeliverySummary.compute(ctx.worker.getDeliveryReport(), ctx.subscriptionsByTopic, drained, seconds);
        if (summary.checked) {
            ctx.console.info(String.format(Locale.ROOT,
                    "delivery: %,d confirmed, %,d expected deliveries, %,d lost, %,d duplicated, %,d out of order%s",
                    summary.confirmedMessages, summary.expectedDeliveries, summary.lost, summary.duplicated,
                    summary.outOfOrder, drained ? "" : " (drain incomplete)"));
        } else {
            ctx.console.info("delivery not checked: " + summary.note);
        }
        return summary;
    }

    /** Has every subscription received every confirmed message (per the workers' ledgers)? */
    private boolean nothingConfirmedMissing(long elapsedMillis) throws Exception {
        DeliverySummary sofar = DeliverySummary.compute(ctx.worker.getDeliveryReport(), ctx.subscriptionsByTopic, true,
                elapsedMillis / 1000.0);
        return sofar.lost == 0;
    }
}
