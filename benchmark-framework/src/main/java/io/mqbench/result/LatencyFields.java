package io.mqbench.result;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * OMB's latency fields of a {@link TestResult}, written from one table instead of 48 lines by hand:
 * for each latency ({@code publishLatency}, {@code publishDelayLatency}, {@code endToEndLatency})
 * and each statistic ({@code Avg}, {@code 50pct} ... {@code 9999pct}, {@code Max}) a list with one
 * value per period ({@code publishLatency99pct}) and an aggregated value
 * ({@code aggregatedPublishLatency99pct}). The fields are found by those names once, when the class
 * loads, so a renamed field fails at once, not in a result. Units follow OMB: publish and
 * end-to-end latencies in milliseconds, publish delay in microseconds (whole, apart from its mean).
 */
final class LatencyFields {
    /** The three latencies, by their OMB names; publish delay alone stays in microseconds. */
    enum Latency {
        PUBLISH("publishLatency", true), PUBLISH_DELAY("publishDelayLatency", false), END_TO_END("endToEndLatency", true);

        final String name;
        final boolean inMillis;

        Latency(String name, boolean inMillis) {
            this.name = name;
            this.inMillis = inMillis;
        }
    }

    /** A statistic of a histogram, in microseconds, and the suffix of its fields. */
    private record Statistic(String suffix, ToDoubleFunction<Histogram> micros) {
        boolean isMean() {
            return suffix.equals("Avg");
        }
    }

    private static final List<Statistic> STATISTICS = List.of(
            new Statistic("Avg", Histogram::getMean),
            percentile("50pct", 50), percentile("75pct", 75), percentile("95pct", 95), percentile("99pct", 99),
            percentile("999pct", 99.9), percentile("9999pct", 99.99),
            new Statistic("Max", h -> h.getMaxValue()));

    /** One statistic of one latency: its per-period list and its aggregated field. */
    private record Column(Latency latency, Statistic statistic, Field perPeriod, Field aggregated) {}

    private static final List<Column> COLUMNS = columns();

    private LatencyFields() {}

    private static Statistic percentile(String suffix, double percentile) {
        return new Statistic(suffix, h -> h.getValueAtPercentile(percentile));
    }

    private static List<Column> columns() {
        List<Column> columns = new ArrayList<>();
        try {
            for (Latency latency : Latency.values()) {
                String capitalized = Character.toUpperCase(latency.name.charAt(0)) + latency.name.substring(1);
                for (Statistic statistic : STATISTICS) {
                    columns.add(new Column(latency, statistic, TestResult.class.getField(latency.name + statistic.suffix),
                            TestResult.class.getField("aggregated" + capitalized + statistic.suffix)));
                }
            }
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("TestResult lacks an OMB latency field: " + e.getMessage(), e);
        }
        return columns;
    }

    /** Adds {@code histogram}'s statistics to the per-period lists of {@code latency}. */
    @SuppressWarnings("unchecked")
    static void addPeriod(TestResult result, Latency latency, Histogram histogram) {
        for (Column column : COLUMNS) {
            if (column.latency == latency) {
                double micros = column.statistic.micros.applyAsDouble(histogram);
                try {
                    ((List<Object>) column.perPeriod.get(result)).add(boxed(latency, column.statistic, micros));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** Sets the aggregated fields of {@code latency} from {@code histogram}. */
    static void aggregate(TestResult result, Latency latency, Histogram histogram) {
        for (Column column : COLUMNS) {
            if (column.latency == latency) {
                double micros = column.statistic.micros.applyAsDouble(histogram);
                try {
                    if (latency.inMillis || column.statistic.isMean()) {
                        column.aggregated.setDouble(result, value(latency, micros));
                    } else {
                        column.aggregated.setLong(result, (long) micros);
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** Empties every per-period list. */
    static void clearPeriods(TestResult result) {
        for (Column column : COLUMNS) {
            try {
                ((List<?>) column.perPeriod.get(result)).clear();
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** In the latency's unit: milliseconds, or microseconds for publish delay. */
    static double value(Latency latency, double micros) {
        return latency.inMillis ? micros / 1000.0 : micros;
    }

    private static Object boxed(Latency latency, Statistic statistic, double micros) {
        if (latency.inMillis || statistic.isMean()) {
            return value(latency, micros);
        }
        return (long) micros;
    }
}
