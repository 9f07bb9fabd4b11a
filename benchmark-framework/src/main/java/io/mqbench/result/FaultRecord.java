package io.mqbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.delivery.MissingBySendTime;

/**
 * One fault of the workload's schedule as it happened: what, when it was due and when it ran (in
 * seconds into the measured phase, the time base of {@link SecondSamples}), how it ended, and for a
 * fault that makes the broker unavailable, the recovery figures taken from the run's seconds.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class FaultRecord {
    /** kill, freeze, thaw, partition, delay, heal, stop, start, restart or command. */
    public String action;
    /** The broker of bin/brokers acted on; null for a command. */
    public String target;
    /** The shell command of a {@code command}. */
    public String command;
    /** For a delay: how long each byte was held, each way, in ms. */
    public Long latencyMs;
    /** True for the thaw that ends a freeze with {@code for}. */
    public Boolean automatic;

    /** When it was due, in seconds into the measured phase. */
    public double dueSecond;
    /** When it started; null if it never ran. */
    public Double startSecond;
    /** How long the action took (a start waits until the broker answers). */
    public Double tookSeconds;
    /** {@code ok}, {@code failed} or {@code not run}. */
    public String outcome;
    /** Why it failed or did not run, or the last line the action printed. */
    public String detail;

    /** {@code kafka}, or the quoted command: what the fault acted on, for messages. */
    @JsonIgnore
    public String subject() {
        return target != null ? target : "'" + command + "'";
    }

    /** For kill, freeze, partition, delay, stop, restart and command: what the run went through from this fault on. */
    public Recovery recovery;

    /**
     * Recovery figures at one-second resolution, from the fault's start. A time is null when the
     * run never got there (not recovered before its end or before the next fault).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Recovery {
        /** The rate the figures compare with (the run's target rate). */
        public double targetRate;
        /** Seconds until the first second with a send error or a rate more than 5 % below the target. */
        public Double firstImpactSeconds;
        /** How long no send was confirmed (full seconds without one, plus the idle share of the seconds around them). */
        public double publishUnavailableSeconds;
        /** How long nothing was delivered, counted the same way. */
        public double consumeUnavailableSeconds;
        /** Seconds until publish and consume rates were back within 5 % of the target, for 3 s in a row. */
        public Double ratesRecoveredSeconds;
        /** Seconds until the backlog was back at its level before the fault. */
        public Double backlogRecoveredSeconds;
        /** The highest backlog after the fault, in messages. */
        public long peakBacklog;
        /** Failed sends from the fault until recovery (or the end of the window). */
        public long sendErrors;
        /** The highest per-second p99 of publish delay (the schedule's lag), in milliseconds. */
        public Double peakPublishDelay99pctMs;
        /** The highest per-second maximum of publish delay, in milliseconds. */
        public Double peakPublishDelayMaxMs;
        /** The highest per-second p99 of publish latency, in milliseconds. */
        public Double peakPublishLatency99pctMs;
        /** The highest per-second p99 of end-to-end latency, in milliseconds. */
        public Double peakEndToEndLatency99pctMs;
        /** The highest per-second maximum of end-to-end latency, in milliseconds. */
        public Double peakEndToEndLatencyMaxMs;
        /** Seconds into the measured phase where the window of these figures ends (recovery, next fault or end of run). */
        public double windowEndSecond;
        /** True if rates and backlog both recovered within the window. */
        public boolean recovered;
        /**
         * Confirmed messages that never arrived, by when they were sent: before the fault, from its
         * start to {@link #windowEndSecond}, or after. Null when delivery was not checked. Whether
         * they count as lost is the run's delivery check's call (it may still have been waiting).
         */
        public MissingBySendTime missing;
    }
}
