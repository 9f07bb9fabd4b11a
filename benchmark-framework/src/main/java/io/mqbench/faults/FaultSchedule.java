package io.mqbench.faults;

import io.mqbench.config.DurationParser;
import io.mqbench.config.UserError;
import io.mqbench.result.FaultRecord;
import io.mqbench.stats.MicrosClock;
import io.mqbench.workload.Fault;
import io.mqbench.workload.FaultAction;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs the workload's faults at their times during the measured phase, on a thread of its own so
 * that the load and its once-a-second sampling go on while a broker is killed or started. Each
 * action is recorded as it happened. At the end of the phase (or on Ctrl-C) what has not run is
 * recorded as not run, a broker still frozen is thawed (one still partitioned or delayed healed),
 * and a broker left down is named.
 */
public final class FaultSchedule {
    /** A command of {@code action: command} may take this long. */
    private static final long COMMAND_TIMEOUT_SECONDS = 300;

    private final List<Step> steps = new ArrayList<>();
    private final LocalBrokers brokers;
    private final Consumer<String> say;
    private final Object wakeUp = new Object();
    /** Brokers frozen or partitioned now, with the action that ends it (thaw, heal). */
    private final Map<String, FaultAction> toUndo = new LinkedHashMap<>();
    private final Set<String> down = new LinkedHashSet<>();
    private volatile boolean finished;
    private Thread thread;
    private long originNanos;
    private long originMicros;

    /** One action at its time: a fault, or the thaw (heal) that ends a freeze (partition) with {@code for}. */
    private record Step(Duration due, Fault fault, FaultAction action, FaultRecord record) {}

    private FaultSchedule(List<Fault> faults, LocalBrokers brokers, Consumer<String> say) {
        this.brokers = brokers;
        this.say = say;
        for (Fault fault : faults) {
            steps.add(new Step(fault.at(), fault, fault.action(), record(fault, fault.action(), fault.at(), false)));
            if (fault.lasting() != null) {
                Duration end = fault.at().plus(fault.lasting());
                FaultAction undo = fault.action().undoneBy();
                steps.add(new Step(end, fault, undo, record(fault, undo, end, true)));
            }
        }
        steps.sort(Comparator.comparing(Step::due)); // stable: a fault keeps its place before a thaw due at the same time
    }

    /**
     * The schedule of a run, with its local targets checked: every broker it acts on must be
     * running now, before anything of the run touches a broker.
     *
     * @throws UserError naming the broker that is not running and how to start it
     */
    public static FaultSchedule prepare(List<Fault> faults, Consumer<String> say) throws IOException {
        boolean local = faults.stream().anyMatch(f -> f.action().onLocalBroker);
        LocalBrokers brokers = local ? LocalBrokers.find() : null;
        if (local) {
            Set<String> running = brokers.running();
            for (Fault fault : faults) {
                if (fault.action().onLocalBroker && !running.contains(fault.target())) {
                    throw new UserError("faults: " + fault.describe() + " at " + DurationParser.format(fault.at()) + " needs "
                            + fault.target() + " running, and bin/brokers reports it stopped; start it (bin/brokers start "
                            + fault.target() + ") and run again");
                }
            }
            for (String target : targetsOf(faults, FaultAction.PARTITION)) {
                String problem = brokers.partitionProblem(target);
                if (problem != null) {
                    throw new UserError("faults: a partition of " + target + " cannot be made on this machine: " + problem
                            + " (a partition needs root and nftables; or use action: command)");
                }
            }
            for (String target : targetsOf(faults, FaultAction.DELAY)) {
                String problem = brokers.delayProblem(target);
                if (problem != null) {
                    throw new UserError("faults: a delay of " + target + " cannot be made: " + problem);
                }
            }
        }
        return new FaultSchedule(faults, brokers, say);
    }

    /** The brokers the schedule partitions (delays), each once: checked before the run, not at the fault. */
    private static Set<String> targetsOf(List<Fault> faults, FaultAction action) {
        Set<String> targets = new LinkedHashSet<>();
        for (Fault fault : faults) {
            if (fault.action() == action) {
                targets.add(fault.target());
            }
        }
        return targets;
    }

    private static FaultRecord record(Fault fault, FaultAction action, Duration due, boolean automatic) {
        FaultRecord record = new FaultRecord();
        record.action = action.yamlName();
        record.target = fault.target();
        record.command = action == FaultAction.COMMAND ? fault.command() : null;
        record.latencyMs = action == FaultAction.DELAY ? fault.latency().toMillis() : null;
        record.automatic = automatic ? Boolean.TRUE : null;
        record.dueSecond = due.toMillis() / 1000.0;
        return record;
    }

    /** Starts the clock: the measured phase begins now. */
    public void start() {
        originNanos = System.nanoTime();
        originMicros = MicrosClock.nowMicros();
        thread = new Thread(this::runSteps, "fault-schedule");
        thread.setDaemon(true);
        thread.start();
    }

    private void runSteps() {
        for (Step step : steps) {
            if (!sleepUntil(step.due())) {
                return;
            }
            perform(step);
        }
    }

    /** False if the phase ended first. */
    private boolean sleepUntil(Duration due) {
        synchronized (wakeUp) {
            while (!finished) {
                long leftMillis = (originNanos + due.toNanos() - System.nanoTime()) / 1_000_000;
                if (leftMillis <= 0) {
                    return true;
                }
                try {
                    wakeUp.wait(leftMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return false;
        }
    }

    private void perform(Step step) {
        FaultRecord record = step.record();
        long begin = System.nanoTime();
        record.startSecond = seconds(begin - originNanos);
        String what = record.automatic != null
                ? step.action().yamlName() + " " + step.fault().target() + " (end of the " + step.fault().action().yamlName() + ")"
                : step.fault().describe();
        boolean waits = step.action() == FaultAction.START || step.action() == FaultAction.RESTART;
        say.accept(String.format(Locale.ROOT, "fault at %.1f s: %s%s", record.startSecond, what, waits ? " (waits until it answers)" : ""));
        LocalBrokers.Outcome outcome;
        try {
            outcome = step.action() == FaultAction.COMMAND
                    ? LocalBrokers.Outcome.of(List.of("sh", "-c", step.fault().command()), COMMAND_TIMEOUT_SECONDS)
                    : brokers.act(step.action(), step.fault().target(), step.action() == FaultAction.DELAY ? step.fault().latency() : null);
        } catch (IOException e) {
            outcome = new LocalBrokers.Outcome(-1, e.getMessage());
        }
        record.tookSeconds = seconds(System.nanoTime() - begin);
        record.outcome = outcome.ok() ? "ok" : "failed";
        record.detail = outcome.ok() ? outcome.lastLine() : "exit " + outcome.exitCode() + ": " + outcome.lastLine();
        if (outcome.ok()) {
            track(step.action(), step.fault().target());
        }
        say.accept(String.format(Locale.ROOT, "fault %s %s after %.1f s: %s", record.action, record.outcome, record.tookSeconds, record.detail));
    }

    private void track(FaultAction action, String target) {
        synchronized (toUndo) {
            switch (action) {
                case FREEZE, PARTITION, DELAY -> toUndo.put(target, action.undoneBy());
                case THAW, HEAL -> toUndo.remove(target);
                case KILL, STOP -> {
                    toUndo.remove(target);
                    down.add(target);
                }
                case START, RESTART -> down.remove(target);
                default -> { }
            }
        }
    }

    /**
     * Ends the schedule with the measured phase: waits for an action under way (a start is not cut
     * short), records the rest as not run, thaws or heals what is still frozen or partitioned. Returns every record in time
     * order and the names of the brokers the schedule left down.
     */
    public Ending finish() {
        finished = true;
        synchronized (wakeUp) {
            wakeUp.notifyAll();
        }
        if (thread != null) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<FaultRecord> records = new ArrayList<>();
        for (Step step : steps) {
            if (step.record().startSecond == null) {
                step.record().outcome = "not run";
                step.record().detail = "the measured phase ended first";
            }
            records.add(step.record());
        }
        List<String> undone = new ArrayList<>();
        for (Map.Entry<String, FaultAction> left : Map.copyOf(toUndo).entrySet()) {
            String target = left.getKey();
            String undo = left.getValue().yamlName();
            try {
                LocalBrokers.Outcome outcome = brokers.act(left.getValue(), target, null);
                say.accept(undo + " " + target + " at the end of the measured phase: " + outcome.lastLine());
                undone.add(target);
            } catch (IOException e) {
                say.accept("could not " + undo + " " + target + " (run bin/brokers " + undo + " " + target + "): " + e.getMessage());
            }
        }
        return new Ending(records, List.copyOf(down), undone, originMicros);
    }

    /**
     * What the schedule did, and what it left behind.
     *
     * @param originMicros when the measured phase began, epoch µs: second 0 of the records
     */
    public record Ending(List<FaultRecord> records, List<String> leftDown, List<String> undoneAtEnd, long originMicros) {}

    private static double seconds(long nanos) {
        return Math.round(nanos / 1e6) / 1000.0;
    }
}
