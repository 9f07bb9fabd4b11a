package io.mqbench.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads durations written the way people type them: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}. */
public final class DurationParser {
    /** Longer than this is a typo, not a benchmark (and would overflow the arithmetic of the schedule). */
    static final Duration LONGEST = Duration.ofDays(30);
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min|h)");

    private DurationParser() {}

    /**
     * @param what names the value in error messages, e.g. {@code "--duration"}
     * @throws UserError when the text is not a non-negative number followed by a unit
     */
    public static Duration parse(String text, String what) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new UserError(
                    what
                            + ": '"
                            + text
                            + "' is not a duration; write a number and a unit, e.g. 500ms, 30s, 5m, 1h");
        }
        double amount = Double.parseDouble(m.group(1));
        double millis =
                switch (m.group(2)) {
                    case "ms" -> amount;
                    case "s" -> amount * 1_000;
                    case "m", "min" -> amount * 60_000;
                    default -> amount * 3_600_000;
                };
        if (millis > LONGEST.toMillis()) {
            throw new UserError(what + ": '" + text + "' is longer than " + LONGEST.toDays() + " days; give a shorter duration");
        }
        return Duration.ofMillis(Math.round(millis));
    }

    /** The reverse, for messages and results: {@code 90s} becomes {@code 1m30s}. */
    public static String format(Duration duration) {
        long seconds = duration.toSeconds();
        long millis = duration.toMillisPart();
        if (seconds == 0 && millis > 0) {
            return millis + "ms";
        }
        StringBuilder out = new StringBuilder();
        if (seconds >= 3600) {
            out.append(seconds / 3600).append('h');
        }
        if (seconds % 3600 >= 60) {
            out.append(seconds % 3600 / 60).append('m');
        }
        if (seconds % 60 != 0 || out.length() == 0) {
            out.append(seconds % 60).append('s');
        }
        return out.toString();
    }
}
