package io.mqbench.cli;

import io.mqbench.metrics.WorkerMetrics;
import io.mqbench.worker.LocalWorker;
import io.mqbench.worker.Worker;
import io.mqbench.worker.server.StatsServer;
import java.io.PrintStream;
import java.util.UUID;
import java.util.function.Function;

/**
 * {@code bin/benchmark --metrics-port}: a local run's worker served on the same {@code /metrics}
 * page as a remote worker's stats port, for as long as the command runs. Each run gets a new
 * {@link LocalWorker}; the page follows them, labelled with the workload each one runs (which a
 * remote worker is never told).
 */
final class LocalMetrics implements AutoCloseable {
    /** Loopback only: a local run's page is for a Prometheus on this machine (or a tunnel to it). */
    static final String BIND = "127.0.0.1";

    private final WorkerMetrics metrics;
    private final StatsServer server;

    private LocalMetrics(WorkerMetrics metrics, StatsServer server) {
        this.metrics = metrics;
        this.server = server;
    }

    static LocalMetrics start(int port, PrintStream out) {
        WorkerMetrics metrics = new WorkerMetrics(UUID.randomUUID().toString().substring(0, 13));
        StatsServer server = StatsServer.start(BIND, port, metrics, "--metrics-port page");
        out.printf("metrics: http://%s:%d/metrics%n", BIND, server.port());
        return new LocalMetrics(metrics, server);
    }

    /** Makes each run's worker and shows it on the page. */
    Function<RunPoint, Worker> workers() {
        return point -> metrics.follow(new LocalWorker(), point.workload().workload().name);
    }

    @Override
    public void close() {
        server.close();
    }
}
