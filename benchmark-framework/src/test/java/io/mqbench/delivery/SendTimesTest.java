package io.mqbench.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SendTimesTest {
    private static final long T0 = 1_700_000_000_000_000L; // a whole second, in epoch µs

    @Test
    void keepsTheFirstSendOfEachSecondAndInterpolatesBetween() {
        SendTimes times = new SendTimes();
        for (long s = 0; s < 2_500; s++) {
            times.sent(s, T0 + 250_000 + s * 1_000); // 1,000 msg/s from 0.25 s on
        }
        assertArrayEquals(new long[] {0, 750, 1750}, times.sequences(), "the first message of each second");
        assertArrayEquals(new long[] {T0 + 250_000, T0 + 1_000_000, T0 + 2_000_000}, times.micros());
        assertEquals(T0 + 250_000, times.microsOf(0));
        assertEquals(T0 + 600_000, times.microsOf(350), "between two marks: in proportion");
        assertEquals(T0 + 1_500_000, times.microsOf(1250));
        assertEquals(T0 + 2_000_000, times.microsOf(2499), "after the last mark: the start of its second");
        assertEquals(-1, new SendTimes().microsOf(5), "nothing noted: unknown");
    }

    @Test
    void aSilentStretchKeepsItsGap() {
        SendTimes times = new SendTimes();
        times.sent(0, T0);
        times.sent(1, T0 + 500_000);
        times.sent(2, T0 + 7_200_000); // a producer blocked for 6.7 s
        assertEquals(T0 + 7_200_000, times.microsOf(2));
        assertEquals(T0 + 500_000, times.microsOf(1), "not 3.6 s: every message before the next mark went out in the first mark's second");
        SendTimes copy = SendTimes.of(times.sequences(), times.micros());
        assertArrayEquals(times.micros(), copy.micros());
    }
}
