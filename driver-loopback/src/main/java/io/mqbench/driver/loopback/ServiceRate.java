package io.mqbench.driver.loopback;

import io.mqbench.driver.support.ByteRate;
import java.util.Locale;

/**
 * A capacity: at most so many messages and so many bytes per second, whichever binds first. Either
 * may be left out. A message of {@code n} bytes takes {@code max(1 / messagesPerSecond, n /
 * bytesPerSecond)} seconds of service, so the effective message rate is the lower of the two
 * limits for that size.
 *
 * <pre>
 * messagesPerSecond: 50000
 * bytesPerSecond: 100MB/s     # or a plain number of bytes; KB, MB, GB are binary
 * </pre>
 */
public final class ServiceRate {
    public Double messagesPerSecond;

    /** Text such as {@code 100MB/s}, or a number of bytes. */
    public String bytesPerSecond;

    private transient double bytesPerSecondValue = -1;

    public static ServiceRate unlimited() {
        return new ServiceRate();
    }

    public static ServiceRate of(Double messagesPerSecond, String bytesPerSecond) {
        ServiceRate rate = new ServiceRate();
        rate.messagesPerSecond = messagesPerSecond;
        rate.bytesPerSecond = bytesPerSecond;
        rate.validate("rate");
        return rate;
    }

    public boolean isUnlimited() {
        return messagesPerSecond == null && bytesPerSecond == null;
    }

    /** Checks the numbers; {@code field} names this rate in the message. */
    void validate(String field) {
        if (messagesPerSecond != null && !(messagesPerSecond > 0 && messagesPerSecond <= 1e9)) {
            throw new IllegalArgumentException(field + ".messagesPerSecond is " + messagesPerSecond + "; allowed: above 0 (at most 1e9)");
        }
        if (bytesPerSecond != null) {
            bytesPerSecondValue = parseBytes(bytesPerSecond);
            if (!(bytesPerSecondValue > 0)) {
                throw new IllegalArgumentException(field + ".bytesPerSecond is '" + bytesPerSecond
                        + "'; allowed: a positive rate such as 100MB/s (binary units) or a number of bytes");
            }
        }
    }

    private static double parseBytes(String text) {
        String trimmed = text.trim();
        if (trimmed.matches("\\d+(\\.\\d+)?")) {
            return Double.parseDouble(trimmed);
        }
        return ByteRate.parse(trimmed);
    }

    /** Nanoseconds of service for one message of {@code bytes}; 0 when unlimited. */
    long serviceNanos(int bytes) {
        double seconds = 0;
        if (messagesPerSecond != null) {
            seconds = 1 / messagesPerSecond;
        }
        if (bytesPerSecondValue > 0) {
            seconds = Math.max(seconds, bytes / bytesPerSecondValue);
        }
        return (long) (seconds * 1e9);
    }

    @Override
    public String toString() {
        if (isUnlimited()) {
            return "unlimited";
        }
        StringBuilder text = new StringBuilder();
        if (messagesPerSecond != null) {
            text.append(String.format(Locale.ROOT, "%,.0f msg/s", messagesPerSecond));
        }
        if (bytesPerSecond != null) {
            text.append(text.length() > 0 ? ", " : "").append(bytesPerSecond.trim());
            if (!bytesPerSecond.contains("/")) {
                text.append(" B/s");
            }
        }
        return text.toString();
    }
}
