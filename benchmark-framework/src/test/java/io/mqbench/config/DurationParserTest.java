package io.mqbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationParserTest {
    @Test
    void parsesUnits() {
        assertEquals(Duration.ofMillis(500), DurationParser.parse("500ms", "--x"));
        assertEquals(Duration.ofSeconds(30), DurationParser.parse("30s", "--x"));
        assertEquals(Duration.ofMinutes(5), DurationParser.parse("5m", "--x"));
        assertEquals(Duration.ofSeconds(90), DurationParser.parse("1.5min", "--x"));
        assertEquals(Duration.ofHours(1), DurationParser.parse("1h", "--x"));
    }

    @Test
    void rejectsNumbersWithoutUnitsAndNonsense() {
        UserError e = assertThrows(UserError.class, () -> DurationParser.parse("30", "--duration"));
        assertTrue(e.getMessage().startsWith("--duration: '30' is not a duration"), e.getMessage());
        assertThrows(UserError.class, () -> DurationParser.parse("-5s", "--duration"));
        assertThrows(UserError.class, () -> DurationParser.parse("soon", "--duration"));
    }

    @Test
    void formatsForPeople() {
        assertEquals("1m30s", DurationParser.format(Duration.ofSeconds(90)));
        assertEquals("20s", DurationParser.format(Duration.ofSeconds(20)));
        assertEquals("1h", DurationParser.format(Duration.ofHours(1)));
        assertEquals("0s", DurationParser.format(Duration.ZERO));
        // Exact to the millisecond (a fault at 2500ms read "2s" before).
        assertEquals("2.5s", DurationParser.format(Duration.ofMillis(2_500)));
        assertEquals("1m2.05s", DurationParser.format(Duration.ofMillis(62_050)));
        assertEquals("250ms", DurationParser.format(Duration.ofMillis(250)));
    }
}
