package io.mqbench.coordinator;

import io.mqbench.delivery.DeliverySummary;
import io.mqbench.result.TestResult;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;

/**
 * The rule for failures a run saw but survived: the status stays what the run's course made it
 * (a run that ran to its end is {@code complete}), and each kind of failure becomes a warning in
 * the result, on the console and in the final table, so that no figure comes without it.
 * {@code --fail-on-errors} and {@code --fail-on-loss} turn them into exit status 1.
 */
final class FailureWarnings {
    private FailureWarnings() {}

    static void add(RunContext ctx) {
        TestResult result = ctx.result;
        if (result.sendErrors != null && !result.sendErrors.isEmpty()) {
            long total = sendErrors(result);
            String most = result.sendErrors.entrySet().stream().max(Comparator.comparingLong(Map.Entry::getValue))
                    .map(Map.Entry::getKey).orElse("");
            ctx.warn(String.format(Locale.ROOT, "%,d send(s) failed; most often: %s", total, most));
        }
        DeliverySummary delivery = result.delivery;
        if (delivery == null || !delivery.checked) {
            return;
        }
        if (delivery.lost != null && delivery.lost > 0) {
            ctx.warn(String.format(Locale.ROOT, "%,d confirmed deliveries were lost", delivery.lost));
        } else if (delivery.lost == null && delivery.missing > 0) {
            ctx.warn(String.format(Locale.ROOT, "%,d confirmed deliveries were not received within %.0f s (the broker may"
                    + " still deliver them)", delivery.missing, delivery.drainSeconds));
        }
        if (delivery.duplicated > 0) {
            ctx.warn(String.format(Locale.ROOT, "%,d deliveries were duplicates", delivery.duplicated));
        }
        // Order is promised only within a partition read by one consumer.
        if (delivery.outOfOrder > 0 && ctx.workload.partitionsPerTopic == 1 && ctx.workload.consumerPerSubscription == 1) {
            ctx.warn(String.format(Locale.ROOT, "%,d deliveries came out of order on single-partition topics with one"
                    + " consumer each", delivery.outOfOrder));
        }
    }

    static long sendErrors(TestResult result) {
        return result.sendErrors == null ? 0 : result.sendErrors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Confirmed messages that did not arrive: lost, or missing when the drain ended early. */
    static long undelivered(TestResult result) {
        DeliverySummary delivery = result.delivery;
        if (delivery == null || !delivery.checked) {
            return 0;
        }
        return delivery.lost != null ? delivery.lost : delivery.missing;
    }
}
