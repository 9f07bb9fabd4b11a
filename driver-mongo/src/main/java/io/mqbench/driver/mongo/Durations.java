package io.mqbench.driver.mongo;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations in the driver file: a whole number with a unit, {@code 500ms}, {@code 30s}, {@code 2m}. */
final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m)");

    private Durations() {}

    /**
     * Milliseconds of {@code value}; throws naming {@code field} when it is not a duration. A bare
     * number is refused: {@code 30} could mean seconds or milliseconds, and guessing wrong by a
     * factor of 1 000 makes a lease either useless or endless.
     */
    static long millis(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + " is empty; allowed: a duration with a unit, e.g. 500ms, 30s, 2m");
        }
        Matcher m = DURATION.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(field + " is '" + value + "'; allowed: a whole number with a unit"
                    + " ms, s or m, e.g. 500ms, 30s, 2m");
        }
        long amount;
        try {
            amount = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + " is '" + value + "': too large", e);
        }
        return switch (m.group(2)) {
            case "ms" -> amount;
            case "s" -> Math.multiplyExact(amount, 1_000L);
            default -> Math.multiplyExact(amount, 60_000L);
        };
    }

    /** How a number of milliseconds reads in logs and result metadata. */
    static String describe(long millis) {
        if (millis % 60_000 == 0 && millis > 0) {
            return millis / 60_000 + "m";
        }
        if (millis % 1_000 == 0 && millis > 0) {
            return millis / 1_000 + "s";
        }
        return millis + "ms";
    }
}
