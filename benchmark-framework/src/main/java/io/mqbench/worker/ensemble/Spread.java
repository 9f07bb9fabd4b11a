package io.mqbench.worker.ensemble;

import java.util.ArrayList;
import java.util.List;

/** Dealing items out to workers evenly. */
final class Spread {
    private Spread() {}

    /** Item {@code i} goes to list {@code i % lists}, as OMB deals producers and consumers. */
    static <T> List<List<T>> roundRobin(List<T> items, int lists) {
        List<List<T>> dealt = new ArrayList<>();
        for (int i = 0; i < lists; i++) {
            dealt.add(new ArrayList<>());
        }
        for (int i = 0; i < items.size(); i++) {
            dealt.get(i % lists).add(items.get(i));
        }
        return dealt;
    }

    /** {@code items} split into {@code lists} counts that differ by at most one, larger first. */
    static int[] evenCounts(int items, int lists) {
        int[] counts = new int[lists];
        for (int i = 0; i < lists; i++) {
            counts[i] = items / lists + (i < items % lists ? 1 : 0);
        }
        return counts;
    }
}
