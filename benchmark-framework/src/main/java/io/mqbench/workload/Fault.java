package io.mqbench.workload;

import io.mqbench.config.DurationParser;
import io.mqbench.config.UserError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A checked entry of the workload's fault schedule.
 *
 * @param at when, into the measured phase
 * @param target a broker of {@code bin/brokers}; null for a command
 * @param lasting for a freeze, partition or delay with {@code for}: when to undo it, after {@code at}; else null
 * @param command for a command: the shell command; else null
 * @param latency for a delay: how long each byte is held, each way; else null
 */
public record Fault(Duration at, FaultAction action, String target, Duration lasting, String command, Duration latency) {
    /** A delay holds each byte at most this long: more is an outage, which a partition or a freeze makes. */
    static final Duration LONGEST_LATENCY = Duration.ofMinutes(1);

    /** The brokers of {@code bin/brokers} ({@code tools/brokers/servers}), the targets of actions on a local broker. */
    public static final List<String> LOCAL_BROKERS = List.of("kafka", "rabbitmq", "artemis", "redis", "sqs", "mongo",
            "ferretdb", "nats", "activemq", "mosquitto", "pulsar", "rocketmq");


    /** {@code kill kafka}, {@code freeze redis for 5s}, {@code delay redis by 50ms for 20s}, {@code command 'kubectl ...'} */
    public String describe() {
        if (action == FaultAction.COMMAND) {
            return "command '" + command + "'";
        }
        return action.yamlName() + " " + target + (latency == null ? "" : " by " + DurationParser.format(latency))
                + (lasting == null ? "" : " for " + DurationParser.format(lasting));
    }

    /**
     * Checks the schedule and returns it in time order. Every local target must be running when
     * the measured phase starts (checked then, see {@link LocalBrokers}); from there the actions
     * must make sense in turn (a start follows a kill or stop, a thaw a freeze, a heal a partition).
     *
     * @param where the workload file (and sweep point), as messages name it
     * @throws UserError naming the file, the entry and what to write
     */
    public static List<Fault> parse(String where, List<FaultSpec> specs, Duration measured) {
        List<Fault> faults = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            faults.add(one(where + ": field 'faults[" + i + "]", specs.get(i), measured));
        }
        faults.sort(Comparator.comparing(Fault::at));
        checkSequence(where, faults);
        return faults;
    }

    private static Fault one(String field, FaultSpec spec, Duration measured) {
        if (spec == null) {
            throw new UserError(field + "' is empty; write e.g. {at: 20s, action: kill, target: kafka}");
        }
        if (spec.at == null) {
            throw new UserError(field + ".at' is missing; write when, into the measured phase, e.g. at: 20s");
        }
        Duration at = DurationParser.parse(spec.at, field + ".at'");
        if (at.compareTo(measured) >= 0) {
            throw new UserError(field + ".at' is " + spec.at + ", not before the end of the measured phase ("
                    + DurationParser.format(measured) + "); move it earlier or make the run longer");
        }
        FaultAction action = FaultAction.of(spec.action);
        if (action == null) {
            throw new UserError(field + ".action' is " + (spec.action == null ? "missing" : "'" + spec.action + "'")
                    + "; allowed: " + FaultAction.names());
        }
        if (action.onLocalBroker) {
            if (spec.target == null || !LOCAL_BROKERS.contains(spec.target)) {
                throw new UserError(field + ".target' is " + (spec.target == null ? "missing" : "'" + spec.target + "'")
                        + "; allowed: a broker of bin/brokers: " + String.join(", ", LOCAL_BROKERS)
                        + " (for a broker elsewhere, use action: command)");
            }
            if (spec.run != null) {
                throw new UserError(field + ".run' is for action: command only; remove it");
            }
        } else {
            if (spec.target != null) {
                throw new UserError(field + ".target' does not apply to a command; the command itself says what it acts on");
            }
            if (spec.run == null || spec.run.isBlank()) {
                throw new UserError(field + ".run' is missing; give the shell command, e.g. run: \"kubectl delete pod kafka-0\"");
            }
        }
        Duration latency = null;
        if (action == FaultAction.DELAY) {
            if (spec.latency == null) {
                throw new UserError(field + ".latency' is missing; give how long each byte is held, each way, e.g. latency: 50ms");
            }
            latency = DurationParser.parse(spec.latency, field + ".latency'");
            if (latency.toMillis() < 1 || latency.compareTo(LONGEST_LATENCY) > 0) {
                throw new UserError(field + ".latency' is " + spec.latency + "; give 1ms to 60s (for an outage, use a partition or a freeze)");
            }
        } else if (spec.latency != null) {
            throw new UserError(field + ".latency' is for action: delay only; remove it");
        }
        Duration lasting = null;
        if (spec.lasting != null) {
            if (action.undoneBy() == null) {
                throw new UserError(field + ".for' is for action: freeze, partition or delay only (undone after that long); remove it");
            }
            lasting = DurationParser.parse(spec.lasting, field + ".for'");
            if (lasting.isZero()) {
                throw new UserError(field + ".for' is 0; give how long the fault lasts, e.g. for: 5s");
            }
            if (at.plus(lasting).compareTo(measured) >= 0) {
                throw new UserError(field + "': the " + action.yamlName() + " at " + spec.at + " for " + spec.lasting
                        + " lasts past the end of the measured phase (" + DurationParser.format(measured) + "); shorten it");
            }
        }
        return new Fault(at, action, spec.target, lasting, action == FaultAction.COMMAND ? spec.run : null, latency);
    }

    /** Each local target starts running; every action must fit the state the earlier ones left. */
    private static void checkSequence(String where, List<Fault> faults) {
        Map<String, String> state = new HashMap<>();
        Map<String, Duration> undoAt = new HashMap<>();
        for (Fault fault : faults) {
            if (!fault.action.onLocalBroker) {
                continue;
            }
            Duration autoUndo = undoAt.get(fault.target);
            if (autoUndo != null && autoUndo.compareTo(fault.at) <= 0) {
                state.put(fault.target, "running");
                undoAt.remove(fault.target);
            }
            String now = state.getOrDefault(fault.target, "running");
            boolean timed = undoAt.containsKey(fault.target);
            boolean fits = switch (fault.action) {
                case START -> now.equals("down");
                case THAW -> now.equals("frozen") && !timed;
                case HEAL -> (now.equals("partitioned") || now.equals("delayed")) && !timed;
                case KILL, STOP -> !now.equals("down");
                default -> now.equals("running");
            };
            if (!fits) {
                throw new UserError(where + ": field 'faults': " + fault.describe() + " at " + DurationParser.format(fault.at)
                        + " finds " + fault.target + " " + (now.equals("down") ? "stopped" : now) + "; "
                        + switch (fault.action) {
                            case START -> "a start follows a kill or a stop";
                            case THAW -> "a thaw follows a freeze without 'for'";
                            case HEAL -> "a heal follows a partition or a delay without 'for'";
                            default -> "put a start (or thaw, or heal) before it";
                        });
            }
            switch (fault.action) {
                case KILL, STOP -> {
                    state.put(fault.target, "down");
                    undoAt.remove(fault.target);
                }
                case FREEZE, PARTITION, DELAY -> {
                    state.put(fault.target, switch (fault.action) {
                        case FREEZE -> "frozen";
                        case PARTITION -> "partitioned";
                        default -> "delayed";
                    });
                    if (fault.lasting != null) {
                        undoAt.put(fault.target, fault.at.plus(fault.lasting));
                    }
                }
                default -> state.put(fault.target, "running");
            }
        }
    }
}
