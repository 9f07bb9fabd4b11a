package io.mqbench.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One entry of the workload's {@code faults} list (an mqbench addition), as written in YAML:
 *
 * <pre>
 * faults:
 *   - {at: 20s, action: kill, target: kafka}
 *   - {at: 25s, action: start, target: kafka}
 *   - {at: 40s, action: freeze, target: kafka, for: 5s}
 *   - {at: 45s, action: delay, target: redis, latency: 50ms, for: 10s}
 *   - {at: 50s, action: command, run: "kubectl delete pod kafka-0"}
 * </pre>
 *
 * Checked and read into an {@link Fault} by {@link Fault#parse}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class FaultSpec {
    /** When, into the measured phase: {@code 20s}, {@code 1m30s} is written {@code 90s}. */
    public String at;

    /** kill, freeze, thaw, partition, delay, heal, stop, start, restart or command. */
    public String action;

    /** A broker of {@code bin/brokers} (kafka, rabbitmq, artemis, redis, sqs, mongo); not for command. */
    public String target;

    /** freeze, partition or delay only: thaw (heal) again after this long. */
    @JsonProperty("for")
    public String lasting;

    /** delay only: how long each byte is held, each way: {@code 50ms}. */
    public String latency;

    /** command only: the shell command (run with {@code sh -c}). */
    public String run;
}
