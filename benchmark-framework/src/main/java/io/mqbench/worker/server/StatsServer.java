package io.mqbench.worker.server;

import io.javalin.Javalin;
import io.mqbench.Version;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.worker.protocol.WorkerToken;

/**
 * The worker's stats port (OMB's worker has one for Prometheus): {@code GET /metrics} in
 * Prometheus' text format. Counters run since the process started; latency summaries cover the
 * current run since its last stats reset (so, during a run, its measured window). Rates are left
 * to Prometheus ({@code rate(mqbench_worker_messages_sent_total[1m])}).
 */
public final class StatsServer implements AutoCloseable {
    private final Javalin app;

    private StatsServer(Javalin app) {
        this.app = app;
    }

    public static StatsServer start(String bind, int port, WorkerToken token, WorkerServer worker) {
        Javalin app = HttpServers.create(token);
        WorkerService service = worker.service();
        app.get("/metrics", ctx -> ctx.contentType(PrometheusText.CONTENT_TYPE).result(page(service)));
        app.get("/", ctx -> ctx.result("mqbench worker stats: GET /metrics (Prometheus text format)\n"));
        HttpServers.start(app, bind, port, "stats port");
        return new StatsServer(app);
    }

    public int port() {
        return app.port();
    }

    static String page(WorkerService service) {
        CountersStats counters = service.lifetimeCounters();
        CumulativeLatencies latencies = service.currentLatencies();
        return new PrometheusText()
                .info("mqbench_worker_info", "This worker: mqbench version and process instance.",
                        "version", Version.current(), "instance", service.instance())
                .gauge("mqbench_worker_busy", "1 while the worker serves a coordinator's run.", service.lease().ownerLabel() == null ? 0 : 1)
                .counter("mqbench_worker_messages_sent_total", "Sends the broker acknowledged, probe messages included.", counters.messagesSent)
                .counter("mqbench_worker_messages_received_total", "Messages consumers received, probe messages included.", counters.messagesReceived)
                .counter("mqbench_worker_message_send_errors_total", "Sends that failed.", counters.messageSendErrors)
                .summary("mqbench_worker_publish_latency_microseconds", "Send to acknowledgement, current run since its last stats reset.", latencies.publishLatency)
                .summary("mqbench_worker_publish_delay_microseconds", "Intended to actual send time, current run since its last stats reset.", latencies.publishDelayLatency)
                .summary("mqbench_worker_end_to_end_latency_microseconds", "Send to receipt, current run since its last stats reset.", latencies.endToEndLatency)
                .toString();
    }

    @Override
    public void close() {
        app.stop();
    }
}
