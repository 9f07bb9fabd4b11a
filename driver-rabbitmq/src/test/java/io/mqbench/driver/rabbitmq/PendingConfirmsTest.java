package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The ring of send futures by sequence number, against a map kept alongside as the reference. */
class PendingConfirmsTest {

    @Test
    void settlesInAnyOrderAcrossGrowthAndWrapAround() {
        PendingConfirms ring = new PendingConfirms();
        Map<Long, CompletableFuture<Void>> reference = new HashMap<>();
        long next = 1;
        // Keep ~3,000 outstanding (past the first capacity of 1,024), settle some out of order, and
        // go round the ring many times.
        for (int round = 0; round < 200; round++) {
            for (int i = 0; i < 100; i++, next++) {
                CompletableFuture<Void> future = new CompletableFuture<>();
                ring.add(next, future);
                reference.put(next, future);
            }
            if (next > 3_000) {
                long oldest = ring.oldest();
                // every third one from the oldest on out of order, then the rest up to oldest + 99 in order
                for (long s = oldest + 2; s < oldest + 100; s += 3) {
                    assertSame(reference.remove(s), ring.remove(s));
                }
                long upTo = oldest + 99;
                long first;
                while ((first = ring.oldest()) >= 0 && first <= upTo) {
                    assertSame(reference.remove(first), ring.remove(first));
                }
            }
            assertEquals(reference.size(), ring.size());
            assertEquals(reference.keySet().stream().mapToLong(Long::longValue).min().orElse(-1), ring.oldest());
        }
    }

    @Test
    void unknownAndRepeatedSequencesAreNotPending() {
        PendingConfirms ring = new PendingConfirms();
        CompletableFuture<Void> five = new CompletableFuture<>();
        ring.add(5, five);
        ring.add(6, new CompletableFuture<>());
        assertNull(ring.remove(4));
        assertNull(ring.remove(7));
        assertSame(five, ring.remove(5));
        assertNull(ring.remove(5), "settled twice (a multiple ack after a single one)");
        assertEquals(6, ring.oldest());
        assertThrows(IllegalArgumentException.class, () -> ring.add(6, new CompletableFuture<>()));
    }

    @Test
    void aNumberNoLongerPendingMayComeAgain() {
        // A publish that fails before the channel counted it leaves its number to the next publish.
        PendingConfirms ring = new PendingConfirms();
        ring.add(1, new CompletableFuture<>());
        ring.add(2, new CompletableFuture<>());
        ring.remove(2);
        CompletableFuture<Void> again = new CompletableFuture<>();
        ring.add(2, again);
        assertSame(again, ring.remove(2));
        ring.remove(1);
        ring.add(1, new CompletableFuture<>());
        ring.add(2, new CompletableFuture<>());
        ring.remove(1);
        CompletableFuture<Void> below = new CompletableFuture<>();
        ring.add(1, below);
        assertEquals(1, ring.oldest());
        assertEquals(2, ring.size());
        assertSame(below, ring.remove(1));
    }

    @Test
    void anEmptyRingStartsAgainAtAnyNumber() {
        PendingConfirms ring = new PendingConfirms();
        ring.add(1, new CompletableFuture<>());
        ring.remove(1);
        assertEquals(-1, ring.oldest());
        CompletableFuture<Void> far = new CompletableFuture<>();
        ring.add(1_000_000, far);
        assertEquals(1_000_000, ring.oldest());
        assertSame(far, ring.remove(1_000_000));
    }
}
