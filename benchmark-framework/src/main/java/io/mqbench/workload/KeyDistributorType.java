package io.mqbench.workload;

/** How producers choose message keys; the names are OpenMessaging Benchmark's. */
public enum KeyDistributorType {
    /** No key: the broker spreads messages as it likes (round robin over partitions, usually). */
    NO_KEY,
    /** Keys taken in turn from a fixed set, so every partition gets an even share. */
    KEY_ROUND_ROBIN,
    /** A key picked at random from the same set for every message. */
    RANDOM_NANO
}
