package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void everyUnitAndFractionsRead() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms", "x"));
        assertEquals(Duration.ofMillis(1_500), Durations.parse("1.5s", "x"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("1.5min", "x"));
        assertEquals(Duration.ofMinutes(2), Durations.parse(" 2m ", "x"));
        assertEquals(Duration.ofHours(1), Durations.parse("1h", "x"));
    }

    @Test
    void aBareNumberOrNonsenseIsOneLineNamingTheField() {
        assertEquals("pollInterval: '30' is not a duration; write a number and a unit, e.g. 500ms, 30s, 5m, 1h",
                assertThrows(IllegalArgumentException.class, () -> Durations.parse("30", "pollInterval")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("-5s", "x"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse(null, "x"));
        assertEquals("x: '31d' is not a duration; write a number and a unit, e.g. 500ms, 30s, 5m, 1h",
                assertThrows(IllegalArgumentException.class, () -> Durations.parse("31d", "x")).getMessage());
        assertEquals("x: '745h' is longer than 30 days; give a shorter duration",
                assertThrows(IllegalArgumentException.class, () -> Durations.parse("745h", "x")).getMessage());
    }

    @Test
    void formatIsExactToTheMillisecond() {
        assertEquals("250ms", Durations.format(Duration.ofMillis(250)));
        assertEquals("2.5s", Durations.format(Duration.ofMillis(2_500)));
        assertEquals("1m2.05s", Durations.format(Duration.ofMillis(62_050)));
        assertEquals("1m30s", Durations.format(Duration.ofSeconds(90)));
        assertEquals("1h1s", Durations.format(Duration.ofSeconds(3_601)));
        assertEquals("0s", Durations.format(Duration.ZERO));
    }
}
