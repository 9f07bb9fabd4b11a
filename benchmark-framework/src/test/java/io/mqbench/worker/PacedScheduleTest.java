package io.mqbench.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The schedule's intended times, checked exactly rather than by timing the machine: when the sender
 * is behind (a rate far above what one thread sends), each call returns the next intended time at
 * once, so the spacing of the returned times is the schedule itself.
 */
class PacedScheduleTest {
    @Test
    void intendedTimesAreEvenlySpacedWithoutDrift() {
        double rate = 500_000_000; // 2 ns apart: always behind, never waits
        PacedSchedule schedule = new PacedSchedule(rate);
        long first = schedule.awaitNext();
        long last = first;
        int n = 1_000_000;
        for (int i = 1; i <= n; i++) {
            last = schedule.awaitNext();
        }
        assertEquals(n * 2L, last - first, "a million intervals add up exactly: no drift");
    }

    @Test
    void aNewRateStartsFromTheChangeWithoutABurstForThePast() {
        PacedSchedule schedule = new PacedSchedule(1e9);
        long before = schedule.awaitNext();
        for (int i = 0; i < 1000; i++) {
            schedule.awaitNext();
        }
        long changing = System.nanoTime();
        schedule.setRate(250_000_000); // 4 ns apart
        long changed = System.nanoTime();
        long a = schedule.awaitNext();
        long b = schedule.awaitNext();
        assertTrue(a >= changing && a <= changed, "re-anchored at the change, not in the past");
        assertTrue(a > before);
        assertEquals(4, b - a);
    }

    @Test
    void aSenderBusyWhenTheRateChangesOwesTheSendsDueSinceTheChangeNotThoseBefore() throws InterruptedException {
        // A sender blocked in a driver call (a full window, a stalled broker) when the rate is set
        // (the warm-up's end, a search trial) still owes what fell due from then on: that wait is
        // the new rate's publish delay. What it was behind before the change is not sent.
        PacedSchedule schedule = new PacedSchedule(1000); // 1 ms apart
        long first = schedule.awaitNext();
        Thread.sleep(30); // 30 sends behind
        long changing = System.nanoTime();
        schedule.setRate(1000);
        long changed = System.nanoTime();
        Thread.sleep(30); // still blocked after the change
        long next = schedule.awaitNext();
        assertTrue(next > first + 1_000_000, "the sends before the change are not owed: " + (next - first) + " ns after the first");
        assertTrue(next >= changing && next <= changed,
                "due from the change on, not from when the sender came back: " + (next - changed) + " ns after the change");
        assertEquals(next + 1_000_000, schedule.awaitNext(), "and on at the rate, at once while behind");
    }

    @Test
    void aSlowRateWaitsForItsTime() {
        PacedSchedule schedule = new PacedSchedule(20); // 50 ms apart
        long first = schedule.awaitNext();
        long second;
        do {
            second = schedule.awaitNext();
        } while (second == Long.MIN_VALUE);
        assertEquals(50_000_000, second - first);
        assertTrue(System.nanoTime() >= second, "returned only once the time had come");
    }

    @Test
    void aMessageDueByAnEarlierClockReadingIsReturnedWithoutWaitingAndOneAheadOfItStillWaits() {
        PacedSchedule schedule = new PacedSchedule(1); // a second apart
        long first = schedule.awaitNext();
        long second = first + 1_000_000_000L;
        // As if the caller had read the clock at `second` already: due, so no wait of a second.
        long started = System.nanoTime();
        assertEquals(second, schedule.awaitNext(1, second));
        assertTrue(System.nanoTime() - started < 500_000_000L, "returned at once");
        // A reading before the third's time does not make it due: the schedule looks at the clock
        // and waits (one slice of at most 50 ms, then tells the caller to call again).
        assertEquals(Long.MIN_VALUE, schedule.awaitNext(1, second + 1));
    }

    @Test
    void rateZeroSendsNothing() {
        PacedSchedule schedule = new PacedSchedule(0);
        assertEquals(Long.MIN_VALUE, schedule.awaitNext());
    }
}
