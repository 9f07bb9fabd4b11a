package io.mqbench.result;

/** How the result's figures are rounded: to a number of decimals, or to whole units. */
public final class Rounding {
    private Rounding() {}

    public static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    /** A figure in whole units (messages, messages per second); null stays null. */
    public static Double whole(Double value) {
        return value == null ? null : (double) Math.round(value);
    }
}
