package io.mqbench.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a fault does; the YAML name is the lower-case constant. */
public enum FaultAction {
    /** SIGKILL to the broker and every process it started: a crash, nothing flushed, no goodbye to clients. */
    KILL(true, true),
    /** SIGSTOP: the broker keeps its sockets open and answers nothing (a GC pause, a hung disk, a stalled VM). */
    FREEZE(true, true),
    /** SIGCONT after a freeze. */
    THAW(false, true),
    /** Every TCP packet to and from the broker's ports dropped (nftables): a network split; the broker runs on. */
    PARTITION(true, true),
    /**
     * Every byte between the broker and its clients held for {@code latency}, each way, by the proxy
     * the clients connect through ({@code bin/brokers delay}: netproxy, Toxiproxy): a slow network.
     */
    DELAY(true, true),
    /** Ends a partition or a delay. */
    HEAL(false, true),
    /** The broker's own graceful stop ({@code bin/brokers stop}). */
    STOP(true, true),
    /** Start a stopped or killed broker with the options it last started with; returns once it answers. */
    START(false, true),
    /** Graceful stop, then start with the same options; returns once it answers. */
    RESTART(true, true),
    /** Any shell command, for brokers elsewhere ({@code kubectl delete pod ...}, {@code ssh host sudo systemctl ...}). */
    COMMAND(true, false);

    /** The action makes the broker unavailable: recovery figures are taken from it on. */
    public final boolean disrupts;
    /** The action names a broker of {@code bin/brokers}. */
    public final boolean onLocalBroker;

    FaultAction(boolean disrupts, boolean onLocalBroker) {
        this.disrupts = disrupts;
        this.onLocalBroker = onLocalBroker;
    }

    /** The action that ends this one after {@code for}: thaw for a freeze, heal for a partition or a delay; else null. */
    public FaultAction undoneBy() {
        return switch (this) {
            case FREEZE -> THAW;
            case PARTITION, DELAY -> HEAL;
            default -> null;
        };
    }

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The action of a YAML name, or null. */
    public static FaultAction of(String name) {
        for (FaultAction action : values()) {
            if (action.yamlName().equals(name)) {
                return action;
            }
        }
        return null;
    }

    static String names() {
        return Arrays.stream(values()).map(FaultAction::yamlName).collect(Collectors.joining(", "));
    }
}
