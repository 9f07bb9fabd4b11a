package io.mqbench.coordinator.maxrate;

/** How the search's figures are rounded for the result, and its clock read in seconds. */
final class Figures {
    private Figures() {}

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    /** A rate in whole messages per second; null stays null. */
    static Double whole(Double value) {
        return value == null ? null : (double) Math.round(value);
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
