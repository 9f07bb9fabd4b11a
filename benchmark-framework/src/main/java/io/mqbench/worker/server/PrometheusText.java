package io.mqbench.worker.server;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/** Builds a page in Prometheus' text exposition format (version 0.0.4). */
final class PrometheusText {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999, 1.0};

    private final StringBuilder page = new StringBuilder();

    PrometheusText counter(String name, String help, long value) {
        header(name, help, "counter");
        page.append(name).append(' ').append(value).append('\n');
        return this;
    }

    PrometheusText gauge(String name, String help, double value) {
        header(name, help, "gauge");
        page.append(name).append(' ').append(number(value)).append('\n');
        return this;
    }

    /** A gauge of value 1 whose labels carry facts, Prometheus' usual way to publish them. */
    PrometheusText info(String name, String help, String... labelsAndValues) {
        header(name, help, "gauge");
        page.append(name).append('{');
        for (int i = 0; i < labelsAndValues.length; i += 2) {
            page.append(i == 0 ? "" : ",").append(labelsAndValues[i]).append("=\"").append(escape(labelsAndValues[i + 1])).append('"');
        }
        page.append("} 1\n");
        return this;
    }

    /** A latency histogram as a Prometheus summary: quantiles, sum and count, in microseconds. */
    PrometheusText summary(String name, String help, Histogram micros) {
        header(name, help, "summary");
        for (double quantile : QUANTILES) {
            long value = micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(quantile * 100);
            page.append(name).append("{quantile=\"").append(number(quantile)).append("\"} ").append(value).append('\n');
        }
        page.append(name).append("_sum ").append(number(micros.getMean() * micros.getTotalCount())).append('\n');
        page.append(name).append("_count ").append(micros.getTotalCount()).append('\n');
        return this;
    }

    @Override
    public String toString() {
        return page.toString();
    }

    private void header(String name, String help, String type) {
        page.append("# HELP ").append(name).append(' ').append(help).append('\n');
        page.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%s", value);
    }

    private static String escape(String value) {
        return value == null ? "" : value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
