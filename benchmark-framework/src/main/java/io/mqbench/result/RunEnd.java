package io.mqbench.result;

import java.util.Locale;

/**
 * How a run ended, as its result says it: the status and why. The reason is set when the run is
 * partial or aborted, and also when a complete run's teardown could not do one of its steps; the
 * first reason stands, since what follows it is usually its consequence.
 */
public record RunEnd(Status status, String reason) {

    /** The status a result file carries. */
    public enum Status {
        COMPLETE, PARTIAL, ABORTED;

        /** As the result file writes it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** From a result file's label. */
        public static Status of(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT));
        }
    }

    /** A run that went as planned. */
    public static RunEnd complete() {
        return new RunEnd(Status.COMPLETE, null);
    }

    /** The same status, with {@code reason} unless a reason was given already. */
    public RunEnd orBecause(String reason) {
        return this.reason == null ? new RunEnd(status, reason) : this;
    }

    public boolean isComplete() {
        return status == Status.COMPLETE;
    }
}
