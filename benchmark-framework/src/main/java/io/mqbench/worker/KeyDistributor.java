package io.mqbench.worker;

import io.mqbench.workload.KeyDistributorType;
import java.util.Random;

/**
 * Chooses the key of each message. Keys come from a fixed set of 10 000 short random strings, so
 * key-partitioned brokers spread messages evenly over partitions. One instance serves one producer
 * thread and is not thread-safe.
 */
public abstract class KeyDistributor {
    static final int DISTINCT_KEYS = 10_000;
    private static final String[] KEYS = makeKeys();

    /** The next key, or null for no key. */
    public abstract String next();

    public static KeyDistributor of(KeyDistributorType type) {
        return switch (type == null ? KeyDistributorType.NO_KEY : type) {
            case NO_KEY -> new KeyDistributor() {
                @Override
                public String next() {
                    return null;
                }
            };
            case KEY_ROUND_ROBIN -> new KeyDistributor() {
                private int index;

                @Override
                public String next() {
                    index = index + 1 == DISTINCT_KEYS ? 0 : index + 1;
                    return KEYS[index];
                }
            };
            case RANDOM_NANO -> new KeyDistributor() {
                @Override
                public String next() {
                    return KEYS[(int) Math.floorMod(System.nanoTime(), (long) DISTINCT_KEYS)];
                }
            };
        };
    }

    private static String[] makeKeys() {
        Random random = new Random(42);
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        String[] keys = new String[DISTINCT_KEYS];
        java.util.Set<String> used = new java.util.HashSet<>();
        for (int i = 0; i < DISTINCT_KEYS; i++) {
            String key;
            do {
                StringBuilder text = new StringBuilder(7);
                for (int c = 0; c < 7; c++) {
                    text.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                key = text.toString();
            } while (!used.add(key));
            keys[i] = key;
        }
        return keys;
    }
}
