package io.mqbench.coordinator;

import io.mqbench.delivery.DeliverySummary;
import io.mqbench.stats.CountersStats;
import io.mqbench.worker.LocalWorker;
import java.time.Duration;
import java.util.Locale;

/**
 * After the load stops: resumes the consumers (a run stopped during a backlog build left them
 * paused), then waits until every subscription has received every confirmed message, and counts
 * missing, duplicated and out-of-order messages from the workers' ledgers.
 *
 * <p>While confirmed messages are missing, the wait goes on until nothing has arrived for the
 * broker's redelivery horizon (a visibility timeout, a lease, a session timeout: see {@link
 * io.mqbench.driver.api.RedeliveryHorizon}), and at least {@value #QUIET_MILLIS} ms; only then are
 * they called lost. A drain cut shorter (Ctrl-C, the overall limit) reports them as not received
 * within the time it waited, and claims nothing.
 */
final class DeliveryCheck {
    /** For drivers that do not state their redelivery horizon. */
    static final Duration DEFAULT_REDELIVERY_HORIZON = Duration.ofSeconds(10);
    /** The overall limit, beyond the horizon: a broker still delivering after this is reported as such. */
    static final long DRAIN_LIMIT_MILLIS = 60_000;
    /** After a stop request the user is waiting: drain briefly. */
    static final long DRAIN_TIMEOUT_WHEN_STOPPED_MILLIS = 5_000;
    /** Silence that ends a drain whatever the horizon: deliveries in progress never pause this long. */
    static final long QUIET_MILLIS = 3_000;
    private static final long SEND_CONFIRM_WAIT_MILLIS = 30_000;
    /** The ledgers are larger than the counters (bitmaps, over HTTP from remote workers): ask less often. */
    private static final long LEDGER_CHECK_INTERVAL_MILLIS = 500;

    private final RunContext ctx;

    DeliveryCheck(RunContext ctx) {
        this.ctx = ctx;
    }

    DeliverySummary run() throws Exception {
        boolean stopped = ctx.stop.stopped();
        ctx.worker.resumeConsumers();
        String unavailable = ctx.worker.deliveryUnavailableReason();
        if (unavailable != null) {
            ctx.console.info("delivery not checked: " + unavailable);
            return DeliverySummary.unchecked(unavailable);
        }
        ctx.worker.stopLoad(stopped ? DRAIN_TIMEOUT_WHEN_STOPPED_MILLIS : SEND_CONFIRM_WAIT_MILLIS);
        if (!ctx.hasConsumers()) {
            return DeliverySummary.unchecked("the workload has no consumers");
        }
        long horizon = redeliveryHorizon().toMillis();
        long quietNeeded = Math.max(QUIET_MILLIS, horizon);
        long limit = stopped ? DRAIN_TIMEOUT_WHEN_STOPPED_MILLIS : Math.max(DRAIN_LIMIT_MILLIS, quietNeeded + 30_000);
        long start = MonotonicMillis.now();
        long lastChange = start;
        long lastReceived = -1;
        long nextLedgerCheck = start;
        boolean announced = false;
        while (true) {
            CountersStats counters = ctx.worker.getCountersStats();
            long expected = counters.messagesSent * ctx.workload.subscriptionsPerTopic;
            long now = MonotonicMillis.now();
            if (counters.messagesReceived != lastReceived) {
                lastReceived = counters.messagesReceived;
                lastChange = now;
            }
            // The count alone can mislead: duplicates and delivered-but-unconfirmed messages (a
            // broker restart makes both) reach it while confirmed messages are still on their way.
            if (counters.messagesReceived >= expected && now >= nextLedgerCheck) {
                if (nothingConfirmedMissing()) {
                    break;
                }
                nextLedgerCheck = now + LEDGER_CHECK_INTERVAL_MILLIS;
            }
            // A stop request during the drain ends it: the user is waiting; nothing is claimed lost.
            if (now - lastChange >= quietNeeded || now - start >= limit || (!stopped && ctx.stop.stopped())) {
                break;
            }
            if (!announced && now - lastChange >= QUIET_MILLIS && quietNeeded > QUIET_MILLIS) {
                announced = true;
                ctx.console.info(String.format(Locale.ROOT, "messages are missing; waiting up to the broker's redelivery horizon"
                        + " of %.0f s for them", horizon / 1000.0));
            }
            Thread.sleep(50);
        }
        long end = MonotonicMillis.now();
        DeliverySummary summary = DeliverySummary.compute(ctx.worker.getDeliveryReport(), ctx.subscriptionsByTopic);
        if (summary.checked) {
            summary.settle((end - start) / 1000.0, (end - lastChange) / 1000.0, horizon / 1000.0);
            ctx.console.info(line(summary));
        } else {
            ctx.console.info("delivery not checked: " + summary.note);
        }
        return summary;
    }

    static String line(DeliverySummary s) {
        String missing;
        if (s.drained) {
            missing = "0 lost";
        } else if (s.lost != null) {
            missing = String.format(Locale.ROOT, "%,d lost", s.lost);
        } else {
            missing = String.format(Locale.ROOT, "%,d not received within %.0f s (not counted as lost: the redelivery"
                    + " horizon is %.0f s)", s.missing, s.drainSeconds, s.redeliveryHorizonSeconds);
        }
        return String.format(Locale.ROOT, "delivery: %,d confirmed, %,d expected deliveries, %s, %,d duplicated, %,d out of order",
                s.confirmedMessages, s.expectedDeliveries, missing, s.duplicated, s.outOfOrder);
    }

    /** The driver's stated horizon (it reaches the coordinator in the driver metadata), or the default. */
    private Duration redeliveryHorizon() {
        String stated = ctx.result.driverMetadata == null ? null : ctx.result.driverMetadata.get(LocalWorker.REDELIVERY_HORIZON_KEY);
        if (stated != null) {
            try {
                return Duration.ofMillis(Math.max(0, Long.parseLong(stated)));
            } catch (NumberFormatException e) {
                ctx.console.info("ignoring the driver's redelivery horizon '" + stated + "': not a number of milliseconds");
            }
        }
        return DEFAULT_REDELIVERY_HORIZON;
    }

    /** Has every subscription received every confirmed message (per the workers' ledgers)? */
    private boolean nothingConfirmedMissing() throws Exception {
        DeliverySummary now = DeliverySummary.compute(ctx.worker.getDeliveryReport(), ctx.subscriptionsByTopic);
        // Without ledgers (payloads too small for the header) nothing can be known missing.
        return !now.checked || now.missing == 0;
    }
}
