package io.mqbench.worker.server;

import io.javalin.Javalin;
import io.mqbench.metrics.MetricsPage;
import io.mqbench.metrics.WorkerMetrics;

/**
 * The stats port (OMB's worker has one for Prometheus): {@code GET /metrics}, the worker's
 * counters and latency histograms (see {@link WorkerMetrics}) and the JVM's, for {@code
 * bin/benchmark-worker --stats-port} and {@code bin/benchmark --metrics-port}.
 *
 * <p>No token here, even when the worker has one: Prometheus' scrape configurations and
 * annotation-based discovery send no credentials, and this port only reads. Everything that
 * controls a run stays on the worker protocol's port, behind the token.
 */
public final class StatsServer implements AutoCloseable {
    private final Javalin app;

    private StatsServer(Javalin app) {
        this.app = app;
    }

    /** @param what names the port in an error that it cannot be bound ({@code stats port}, {@code --metrics-port}) */
    public static StatsServer start(String bind, int port, WorkerMetrics metrics, String what) {
        MetricsPage page = new MetricsPage(metrics);
        Javalin app = HttpServers.create(null);
        app.get("/metrics", ctx -> {
            MetricsPage.Rendered rendered = page.render(ctx.header("Accept"));
            ctx.contentType(rendered.contentType()).result(rendered.body());
        });
        app.get("/", ctx -> ctx.result("mqbench worker stats: GET /metrics (Prometheus text format or OpenMetrics)\n"));
        HttpServers.start(app, bind, port, what);
        return new StatsServer(app);
    }

    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
    }
}
