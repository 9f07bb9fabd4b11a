package io.mqbench.metrics;

import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The {@code /metrics} page: the worker's metrics and the JVM's (heap, GC, threads, CPU), in the
 * format the scraper asks for in its {@code Accept} header (OpenMetrics, or Prometheus' text
 * format by default). A registry of its own, not client_java's default one, so two pages in one
 * process (tests) do not share metrics.
 */
public final class MetricsPage {
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final ExpositionFormats formats = ExpositionFormats.init();

    public record Rendered(String contentType, byte[] body) {}

    public MetricsPage(WorkerMetrics worker) {
        registry.register(worker);
        JvmMetrics.builder().register(registry);
    }

    public Rendered render(String accept) {
        ExpositionFormatWriter writer = formats.findWriter(accept);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try {
            writer.write(body, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Rendered(writer.getContentType(), body.toByteArray());
    }
}
