package io.mqbench.workload;

import io.mqbench.config.UserError;
import java.io.File;

/**
 * Checks the values of a workload, so that a wrong one stops the run before any broker is touched,
 * with one line naming the file, the field and what is allowed.
 */
public final class WorkloadValidator {
    /** Above this a single message no longer fits the brokers' defaults nor the payload header logic. */
    static final int MAX_MESSAGE_SIZE = 100 * 1024 * 1024;

    private final File file;

    private WorkloadValidator(File file) {
        this.file = file;
    }

    public static void validate(File file, Workload w) {
        new WorkloadValidator(file).check(w);
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
        if (w.producerRate < 0) {
            fail("producerRate", w.producerRate, "0 (find the maximum sustainable rate) or more messages per second");
        }
        if (w.useRandomizedPayloads) {
            if (w.randomBytesRatio < 0 || w.randomBytesRatio > 1 || Double.isNaN(w.randomBytesRatio)) {
                fail("randomBytesRatio", w.randomBytesRatio, "0.0 to 1.0 (the random share of each payload)");
            }
            atLeast("randomizedPayloadPoolSize", w.randomizedPayloadPoolSize, 1);
        }
        if (w.consumerBacklogSizeGB < 0) {
            fail("consumerBacklogSizeGB", w.consumerBacklogSizeGB, "0 (no backlog phase) or more");
        }
        if (w.backlogDrainRatio < 0 || w.backlogDrainRatio > 1 || Double.isNaN(w.backlogDrainRatio)) {
            fail("backlogDrainRatio", w.backlogDrainRatio, "0.0 to 1.0");
        }
        if (w.isBacklog() && (w.subscriptionsPerTopic == 0 || w.consumerPerSubscription == 0)) {
            throw new UserError(
                    file + ": field 'consumerBacklogSizeGB' needs consumers to drain the backlog;"
                            + " set subscriptionsPerTopic and consumerPerSubscription to 1 or more");
        }
        if (w.isBacklog() && w.isMaxRate()) {
            throw new UserError(
                    file + ": field 'producerRate' is 0 (find the maximum rate), which a backlog test cannot use;"
                            + " give a fixed producerRate with consumerBacklogSizeGB");
        }
        checkDurations(w);
    }

    private void checkDurations(Workload w) {
        either("testDurationMinutes", w.testDurationMinutes, "testDurationSeconds", w.testDurationSeconds);
        either("warmupDurationMinutes", w.warmupDurationMinutes, "warmupDurationSeconds", w.warmupDurationSeconds);
        if (w.testDurationSeconds != null) {
            atLeast("testDurationSeconds", w.testDurationSeconds, 1);
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
