package io.mqbench.workload;

import io.mqbench.config.UserError;
import io.mqbench.driver.support.ByteRate;
import java.io.File;

/**
 * Checks the values of a workload, so that a wrong one stops the run before any broker is touched,
 * with one line naming the file, the field and what is allowed.
 */
public final class WorkloadValidator {
    /** Above this a single message no longer fits the brokers' defaults nor the payload header logic. */
    static final int MAX_MESSAGE_SIZE = 100 * 1024 * 1024;

    /** Names the file (and the sweep point) in messages. */
    private final String file;

    private WorkloadValidator(String where) {
        this.file = where;
    }

    public static void validate(File file, Workload w) {
        validate(file.toString(), w);
    }

    /** @param where the file, and the sweep point if any, as messages should name it */
    public static void validate(String where, Workload w) {
        new WorkloadValidator(where).check(w);
    }

    private void check(Workload w) {
        atLeast("topics", w.topics, 1);
        atLeast("partitionsPerTopic", w.partitionsPerTopic, 1);
        atLeast("producersPerTopic", w.producersPerTopic, 1);
        atLeast("subscriptionsPerTopic", w.subscriptionsPerTopic, 0);
        atLeast("consumerPerSubscription", w.consumerPerSubscription, 0);
        if (w.messageSize < 1 || w.messageSize > MAX_MESSAGE_SIZE) {
            fail("messageSize", w.messageSize, "1 to " + MAX_MESSAGE_SIZE + " bytes");
        }
        if (w.rate() < 0) {
            fail("producerRate", w.producerRate, "0 (find the maximum sustainable rate) or more messages per second");
        }
        checkSendShape(w);
        // Out of range is a mistake even where the value is not used (it would be once the flag is turned on).
        if (w.randomBytesRatio < 0 || w.randomBytesRatio > 1 || Double.isNaN(w.randomBytesRatio)) {
            fail("randomBytesRatio", w.randomBytesRatio, "0.0 to 1.0 (the random share of each payload)");
        }
        if (w.useRandomizedPayloads) {
            atLeast("randomizedPayloadPoolSize", w.randomizedPayloadPoolSize, 1);
        }
        if (!(w.consumerBacklogSizeGB >= 0)) {
            fail("consumerBacklogSizeGB", w.consumerBacklogSizeGB, "0 (no backlog phase) or more");
        }
        if (w.backlogDrainRatio < 0 || w.backlogDrainRatio > 1 || Double.isNaN(w.backlogDrainRatio)) {
            fail("backlogDrainRatio", w.backlogDrainRatio, "0.0 to 1.0");
        }
        if (w.isBacklog() && !w.hasConsumers()) {
            throw new UserError(
                    file + ": field 'consumerBacklogSizeGB' needs consumers to drain the backlog;"
                            + " set subscriptionsPerTopic and consumerPerSubscription to 1 or more");
        }
        if (w.isBacklog() && w.isMaxRate()) {
            throw new UserError(
                    file + ": field 'producerRate' is 0 (find the maximum rate), which a backlog test cannot use;"
                            + " give a fixed producerRate with consumerBacklogSizeGB");
        }
        if (w.isBacklog() && w.messageCount != null) {
            throw new UserError(file + ": field 'messageCount' cannot bound a backlog test (it ends when the backlog has"
                    + " drained); remove messageCount or consumerBacklogSizeGB");
        }
        checkMaxRateFields(w);
        checkDurations(w);
        checkFaults(w);
    }

    private void checkFaults(Workload w) {
        if (w.faults == null) {
            return;
        }
        if (w.isMaxRate() || w.isBacklog()) {
            throw new UserError(file + ": field 'faults' needs a fixed producerRate (recovery is measured against it);"
                    + " it cannot be used with producerRate: 0 or consumerBacklogSizeGB");
        }
        Fault.parse(file, w.faults, w.testDuration());
    }

    private void checkMaxRateFields(Workload w) {
        if (w.maxRateRetries != null) {
            onlyForMaxRate(w, "maxRateRetries");
            if (w.maxRateRetries < 0 || w.maxRateRetries > 10) {
                fail("maxRateRetries", w.maxRateRetries, "0 to 10 (measure again, each time 5% lower, when the rate did not hold)");
            }
        }
        if (w.maxRateLongestExtensionSeconds != null) {
            onlyForMaxRate(w, "maxRateLongestExtensionSeconds");
            if (w.maxRateLongestExtensionSeconds < 0 || w.maxRateLongestExtensionSeconds > 3600) {
                fail("maxRateLongestExtensionSeconds", w.maxRateLongestExtensionSeconds,
                        "0 to 3600 (seconds the warm-up may be extended while the search has not settled)");
            }
        }
        LatencyLimit limit = w.maxRateLatencyLimit;
        if (limit == null) {
            return;
        }
        onlyForMaxRate(w, "maxRateLatencyLimit");
        if (limit.percentile == null || !(limit.percentile > 0 && limit.percentile < 100)) {
            fail("maxRateLatencyLimit.percentile", limit.percentile, "above 0 and below 100, e.g. 99 or 99.9");
        }
        if ((limit.endToEndMs == null) == (limit.publishMs == null)) {
            throw new UserError(file + ": field 'maxRateLatencyLimit' needs exactly one of endToEndMs and publishMs"
                    + " (the limit in milliseconds), e.g. {percentile: 99, endToEndMs: 10}");
        }
        if (!(limit.limitMillis() > 0)) {
            fail(limit.onEndToEnd() ? "maxRateLatencyLimit.endToEndMs" : "maxRateLatencyLimit.publishMs", limit.limitMillis(),
                    "above 0 milliseconds");
        }
        if (limit.onEndToEnd() && !w.hasConsumers()) {
            throw new UserError(file + ": field 'maxRateLatencyLimit' limits end-to-end latency, but the workload has no consumers;"
                    + " limit publishMs instead, or add consumers");
        }
    }

    private void onlyForMaxRate(Workload w, String field) {
        if (!w.isMaxRate()) {
            throw new UserError(file + ": field '" + field + "' applies to the maximum-rate search only;"
                    + " set producerRate: 0 or remove the field");
        }
    }

    private void checkSendShape(Workload w) {
        if (w.producerRateBytes != null && w.producerRate != null) {
            throw new UserError(file + ": fields 'producerRate' and 'producerRateBytes' are both set; keep one of them");
        }
        if (w.producerRateBytes != null && ByteRate.parse(w.producerRateBytes) <= 0) {
            fail("producerRateBytes", "'" + w.producerRateBytes + "'", "a positive rate with a unit, e.g. 500KB/s, 15MB/s, 1GB/s (binary units)");
        }
        if (w.maxOutstandingSends != null && w.maxOutstandingSends < 0) {
            fail("maxOutstandingSends", w.maxOutstandingSends, "1 (synchronous sends) or more; 0 or unset for no bound");
        }
        if (BatchSize.parse(w.producerBatchSize) == null) {
            fail("producerBatchSize", "'" + w.producerBatchSize + "'", "a number of messages (e.g. 10) or a range min-max (e.g. 1-10), at least 1");
        }
        if (w.messageCount != null && w.messageCount < 1) {
            fail("messageCount", w.messageCount, "1 or more messages (or leave it out)");
        }
        if (w.messageCount != null && !w.hasConsumers()) {
            throw new UserError(file + ": field 'messageCount' counts received messages, but the workload has no consumers");
        }
    }

    private void checkDurations(Workload w) {
        either("testDurationMinutes", w.testDurationMinutes, "testDurationSeconds", w.testDurationSeconds);
        either("warmupDurationMinutes", w.warmupDurationMinutes, "warmupDurationSeconds", w.warmupDurationSeconds);
        if (w.testDurationSeconds != null) {
            atLeast("testDurationSeconds", w.testDurationSeconds, 1);
        } else if (w.testDurationMinutes == null && w.messageCount != null) {
            // A count-bounded run: the duration is only a limit, and has a default.
        } else if (w.testDurationMinutes == null) {
            throw new UserError(
                    file + ": field 'testDurationMinutes' is missing; give testDurationMinutes or"
                            + " testDurationSeconds (or --duration on the command line)");
        } else {
            atLeast("testDurationMinutes", w.testDurationMinutes, 1);
        }
        if (w.warmupDurationSeconds != null) {
            atLeast("warmupDurationSeconds", w.warmupDurationSeconds, 0);
        } else if (w.warmupDurationMinutes != null) {
            atLeast("warmupDurationMinutes", w.warmupDurationMinutes, 0);
        }
    }

    private void either(String a, Integer aValue, String b, Integer bValue) {
        if (aValue != null && bValue != null) {
            throw new UserError(file + ": fields '" + a + "' and '" + b + "' are both set; keep one of them");
        }
    }

    private void atLeast(String field, long value, long minimum) {
        if (value < minimum) {
            fail(field, value, minimum + " or more");
        }
    }

    private void fail(String field, Object value, String allowed) {
        throw new UserError(file + ": field '" + field + "' is " + value + "; allowed: " + allowed);
    }
}
