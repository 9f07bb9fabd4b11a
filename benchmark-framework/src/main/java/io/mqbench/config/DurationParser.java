package io.mqbench.config;

import io.mqbench.driver.support.Durations;
import java.time.Duration;

/**
 * Durations of workloads and the command line, in the one grammar of {@link Durations} (500ms, 30s,
 * 5m, 1h); a mistake is the user's: a {@link UserError}.
 */
public final class DurationParser {
    private DurationParser() {}

    /**
     * @param what names the value in error messages, e.g. {@code "--duration"}
     * @throws UserError when the text is not a non-negative number followed by a unit
     */
    public static Duration parse(String text, String what) {
        try {
            return Durations.parse(text, what);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** The reverse, for messages and results: {@code 90s} becomes {@code 1m30s}. */
    public static String format(Duration duration) {
        return Durations.format(duration);
    }
}
