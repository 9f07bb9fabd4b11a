package io.mqbench.driver.loopback;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An artificial latency: none, a fixed value, or a draw from a simple distribution. Values are in
 * milliseconds in YAML and nanoseconds in code.
 *
 * <pre>
 * distribution: fixed        # none | fixed | uniform | exponential | normal
 * meanMs: 5                  # fixed: the value; exponential and normal: the mean
 * minMs: 1                   # uniform: lower bound
 * maxMs: 9                   # uniform: upper bound
 * stddevMs: 1                # normal: standard deviation (draws below 0 count as 0)
 * </pre>
 */
public final class LatencyModel {
    public enum Distribution {
        @JsonProperty("none") NONE,
        @JsonProperty("fixed") FIXED,
        @JsonProperty("uniform") UNIFORM,
        @JsonProperty("exponential") EXPONENTIAL,
        @JsonProperty("normal") NORMAL
    }

    public Distribution distribution = Distribution.NONE;
    public double meanMs;
    public double minMs;
    public double maxMs;
    public double stddevMs;

    public static LatencyModel none() {
        return new LatencyModel();
    }

    public static LatencyModel fixed(double ms) {
        LatencyModel model = new LatencyModel();
        model.distribution = Distribution.FIXED;
        model.meanMs = ms;
        return model;
    }

    public boolean isNone() {
        return distribution == Distribution.NONE || (distribution == Distribution.FIXED && meanMs == 0);
    }

    /** Checks the numbers; {@code field} names this model in the message. */
    void validate(String field) {
        if (meanMs < 0 || minMs < 0 || maxMs < 0 || stddevMs < 0) {
            throw new IllegalArgumentException(field + ": latencies must not be negative");
        }
        if (distribution == Distribution.UNIFORM && maxMs < minMs) {
            throw new IllegalArgumentException(field + ": maxMs (" + maxMs + ") is below minMs (" + minMs + ")");
        }
    }

    /** One draw, in nanoseconds. */
    long sampleNanos() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        double ms = switch (distribution) {
            case NONE -> 0;
            case FIXED -> meanMs;
            case UNIFORM -> minMs + random.nextDouble() * (maxMs - minMs);
            case EXPONENTIAL -> -meanMs * Math.log(1 - random.nextDouble());
            case NORMAL -> Math.max(0, meanMs + random.nextGaussian() * stddevMs);
        };
        return (long) (ms * 1_000_000);
    }

    @Override
    public String toString() {
        return switch (distribution) {
            case NONE -> "none";
            case FIXED -> "fixed " + meanMs + " ms";
            case UNIFORM -> "uniform " + minMs + "-" + maxMs + " ms";
            case EXPONENTIAL -> "exponential, mean " + meanMs + " ms";
            case NORMAL -> "normal, mean " + meanMs + " ms, stddev " + stddevMs + " ms";
        };
    }
}
