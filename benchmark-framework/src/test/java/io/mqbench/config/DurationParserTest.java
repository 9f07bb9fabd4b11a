package io.mqbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationParserTest {
    /** The grammar is driver-support's (DurationsTest); here, that the harness reads it and makes mistakes a UserError. */
    @Test
    void readsTheOneGrammar() {
        assertEquals(Duration.ofSeconds(90), DurationParser.parse("1.5min", "--x"));
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
        // Exact to the millisecond (a fault at 2500ms read "2s" before).
        assertEquals("2.5s", DurationParser.format(Duration.ofMillis(2_500)));
    }
}
