package io.mqbench.worker.ensemble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.result.ClockOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Placement as OMB does it, and the clock arithmetic. */
class PlacementTest {
    @Test
    void splitGivesHalfTheWorkersToProducersOrAThirdWithExtraConsumers() {
        // OMB: producers = n / 2, or (n + 2) / 3 with -x; the first workers produce.
        assertArrayEquals(new boolean[] {true, false}, Roles.of(Placement.SPLIT, 2, false).produces());
        assertArrayEquals(new boolean[] {true, false, false}, Roles.of(Placement.SPLIT, 3, false).produces());
        assertArrayEquals(new boolean[] {true, true, false, false}, Roles.of(Placement.SPLIT, 4, false).produces());
        assertArrayEquals(new boolean[] {false, false, true, true}, Roles.of(Placement.SPLIT, 4, false).consumes());
        assertArrayEquals(new boolean[] {true, true, false, false, false}, Roles.of(Placement.SPLIT, 5, false).produces());
        assertArrayEquals(new boolean[] {true, true, false, false, false, false}, Roles.of(Placement.SPLIT, 6, true).produces());
        assertArrayEquals(new boolean[] {true, false, false}, Roles.of(Placement.SPLIT, 3, true).produces());
        assertEquals("split with extra consumer workers", Roles.of(Placement.SPLIT, 6, true).description());
        assertEquals("producers", Roles.of(Placement.SPLIT, 4, false).roleOf(1));
        assertEquals("consumers", Roles.of(Placement.SPLIT, 4, false).roleOf(2));
    }

    @Test
    void oneWorkerOrColocatedPlacementProducesAndConsumesEverywhere() {
        Roles single = Roles.of(Placement.SPLIT, 1, false);
        assertArrayEquals(new boolean[] {true}, single.produces());
        assertArrayEquals(new boolean[] {true}, single.consumes());
        assertTrue(single.description().contains("one worker"));
        Roles colocated = Roles.of(Placement.COLOCATED, 3, false);
        assertArrayEquals(new boolean[] {true, true, true}, colocated.produces());
        assertEquals("producers and consumers", colocated.roleOf(2));
    }

    @Test
    void itemsAreDealtEvenly() {
        assertEquals(List.of(List.of("a", "d"), List.of("b", "e"), List.of("c")), Spread.roundRobin(List.of("a", "b", "c", "d", "e"), 3));
        assertEquals(List.of(List.of("a"), List.of(), List.of()), Spread.roundRobin(List.of("a"), 3));
        assertArrayEquals(new int[] {2, 2, 1}, Spread.evenCounts(5, 3));
        assertArrayEquals(new int[] {1, 0, 0}, Spread.evenCounts(1, 3));
    }

    @Test
    void theClockOffsetComesFromTheTightestRoundTrip() {
        // The worker is 2 000 µs ahead; answers come back after uneven delays.
        List<ClockEstimator.Sample> samples = List.of(
                new ClockEstimator.Sample(1_000, 1_000 + 900 + 2_000, 1_000 + 1_200),
                new ClockEstimator.Sample(5_000, 5_000 + 100 + 2_000, 5_000 + 180),
                new ClockEstimator.Sample(9_000, 9_000 + 3_000 + 2_000, 9_000 + 3_100));
        ClockOffset offset = ClockEstimator.estimate("http://w:8080", samples);
        assertEquals(180, offset.roundTripMicros());
        assertEquals(2_000 + 100 - 90, offset.offsetMicros(), "off by the asymmetry, at most half the round trip");
        assertTrue(Math.abs(offset.offsetMicros() - 2_000) <= offset.uncertaintyMicros());
        assertEquals(3, offset.samples());
        assertTrue(offset.surelyAboveLimit(), "2 ms off, known to within 0.09 ms");
    }

    @Test
    void aWarningNeedsAnOffsetSurelyAboveOneMillisecond() {
        assertTrue(new ClockOffset("w", 1_500L, 200L, 20, null).surelyAboveLimit());
        ClockOffset uncertain = new ClockOffset("w", 1_200L, 3_000L, 20, null);
        assertTrue(!uncertain.surelyAboveLimit() && uncertain.tooUncertain());
        ClockOffset fine = new ClockOffset("w", -300L, 400L, 20, null);
        assertTrue(!fine.surelyAboveLimit() && !fine.tooUncertain());
        ClockOffset unknown = ClockOffset.unknown("w", "upstream OMB worker");
        assertTrue(!unknown.known() && !unknown.surelyAboveLimit() && !unknown.tooUncertain());
    }
}
