package io.mqbench.worker;

import java.util.concurrent.ThreadLocalRandom;

/** Short random suffixes that keep the topics and subscriptions of different runs apart. */
public final class RandomNames {
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

    private RandomNames() {}

    public static String next(int length) {
        StringBuilder name = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            name.append(ALPHABET.charAt(ThreadLocalRandom.current().nextInt(ALPHABET.length())));
        }
        return name.toString();
    }
}
