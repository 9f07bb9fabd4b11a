package io.mqbench.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.workload.KeyDistributorType;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyDistributorTest {
    @Test
    void noKeyGivesNull() {
        assertNull(KeyDistributor.of(KeyDistributorType.NO_KEY).next());
    }

    @Test
    void roundRobinCyclesThroughAllDistinctKeys() {
        KeyDistributor keys = KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN);
        Set<String> seen = new HashSet<>();
        String first = keys.next();
        seen.add(first);
        for (int i = 1; i < KeyDistributor.DISTINCT_KEYS; i++) {
            seen.add(keys.next());
        }
        assertEquals(KeyDistributor.DISTINCT_KEYS, seen.size());
        assertEquals(first, keys.next(), "the cycle starts again");
    }

    @Test
    void randomNanoPicksFromTheSameSet() {
        KeyDistributor keys = KeyDistributor.of(KeyDistributorType.RANDOM_NANO);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            seen.add(keys.next());
        }
        assertTrue(seen.size() > 50, "spread over many keys: " + seen.size());
    }
}
