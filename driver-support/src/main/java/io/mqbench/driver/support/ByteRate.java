package io.mqbench.driver.support;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A throughput in bytes per second as people write it: {@code 15MB/s}, {@code 500KB/s},
 * {@code 1.5GB/s}, {@code 2048B/s}. KB, MB and GB are binary (2^10, 2^20, 2^30), as in the 2023
 * paper whose 15 MB/s of 32 KB messages is exactly 480 msg/s; {@code KiB}, {@code MiB} and
 * {@code GiB} mean the same and may be written for clarity.
 */
public final class ByteRate {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(B|KB|KiB|MB|MiB|GB|GiB)/s", Pattern.CASE_INSENSITIVE);

    private ByteRate() {}

    /** Bytes per second, or -1 when the text is not a byte rate. */
    public static double parse(String text) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            return -1;
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2).toUpperCase(Locale.ROOT).replace("I", "");
        return switch (unit) {
            case "KB" -> amount * 1024;
            case "MB" -> amount * 1024 * 1024;
            case "GB" -> amount * 1024 * 1024 * 1024;
            default -> amount;
        };
    }

    /** Messages per second for a byte rate and message size, rounded to the nearest whole one. */
    public static int messagesPerSecond(double bytesPerSecond, int messageSize) {
        return (int) Math.max(1, Math.round(bytesPerSecond / messageSize));
    }
}
