package io.mqbench.workload;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code producerBatchSize}: a number ({@code 10}) or a range ({@code 1-10}), both at least 1. */
public record BatchSize(int min, int max) {
    private static final Pattern FORMAT = Pattern.compile("(\\d+)(?:\\s*-\\s*(\\d+))?");

    public static final BatchSize ONE = new BatchSize(1, 1);

    /** The batch size of a workload, or null when the text is not a valid one. */
    public static BatchSize parse(String text) {
        if (text == null) {
            return ONE;
        }
        Matcher m = FORMAT.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        try {
            int min = Integer.parseInt(m.group(1));
            int max = m.group(2) == null ? min : Integer.parseInt(m.group(2));
            return min >= 1 && max >= min ? new BatchSize(min, max) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public boolean isOne() {
        return max == 1;
    }
}
