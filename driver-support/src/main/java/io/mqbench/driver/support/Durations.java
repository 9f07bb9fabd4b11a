package io.mqbench.driver.support;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar for durations that people type, in workloads, on the command line and in driver
 * files: a number and a unit, {@code 500ms}, {@code 30s}, {@code 1.5min}, {@code 5m}, {@code 1h}.
 * A bare number is refused: {@code 30} could be seconds or milliseconds, and a guess wrong by a
 * factor of 1,000 makes a timeout useless or endless.
 */
public final class Durations {
    /** Longer than this is a typo, not a benchmark (and would overflow the arithmetic of a schedule). */
    public static final Duration LONGEST = Duration.ofDays(30);
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min|h)");

    private Durations() {}

    /**
     * @param what names the value in the error, e.g. {@code "--duration"} or a driver file's field
     * @throws IllegalArgumentException with one line naming {@code what} when the text is not a
     *     non-negative number followed by a unit, or is longer than {@link #LONGEST}
     */
    public static Duration parse(String text, String what) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(what + ": '" + text
                    + "' is not a duration; write a number and a unit, e.g. 500ms, 30s, 5m, 1h");
        }
        double amount = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2)) {
            case "ms" -> amount;
            case "s" -> amount * 1_000;
            case "m", "min" -> amount * 60_000;
            default -> amount * 3_600_000;
        };
        if (millis > LONGEST.toMillis()) {
            throw new IllegalArgumentException(what + ": '" + text + "' is longer than " + LONGEST.toDays()
                    + " days; give a shorter duration");
        }
        return Duration.ofMillis(Math.round(millis));
    }

    /**
     * The reverse, for messages and results, exact to the millisecond: {@code 90s} becomes {@code
     * 1m30s}, {@code 1500ms} becomes {@code 1.5s}, {@code 250ms} stays {@code 250ms}.
     */
    public static String format(Duration duration) {
        long seconds = duration.toSeconds();
        int millis = duration.toMillisPart();
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
        if (seconds % 60 != 0 || millis != 0 || out.length() == 0) {
            out.append(seconds % 60);
            if (millis != 0) {
                out.append('.').append(String.format("%03d", millis).replaceFirst("0+$", ""));
            }
            out.append('s');
        }
        return out.toString();
    }
}
