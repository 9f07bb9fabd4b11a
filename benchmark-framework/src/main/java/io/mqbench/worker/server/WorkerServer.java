package io.mqbench.worker.server;

import io.javalin.Javalin;
import io.mqbench.metrics.WorkerMetrics;
import io.mqbench.worker.protocol.WorkerToken;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/benchmark-worker}'s HTTP side: a {@link io.mqbench.worker.LocalWorker} served over
 * OMB's worker protocol (and mqbench's additions unless switched off), one coordinator at a time,
 * plus a watchdog that stops a run whose coordinator fell silent.
 */
public final class WorkerServer implements AutoCloseable {
    /** Where to listen and how to guard it. {@code mqbenchExtras false}: behave as an upstream OMB worker. */
    public record Settings(String bind, int port, WorkerToken token, boolean mqbenchExtras) {}

    private static final long WATCHDOG_SECONDS = 2;

    private final WorkerService service;
    private final Javalin app;
    private final ScheduledExecutorService watchdog;

    private WorkerServer(WorkerService service, Javalin app, ScheduledExecutorService watchdog) {
        this.service = service;
        this.app = app;
        this.watchdog = watchdog;
    }

    public static WorkerServer start(Settings settings) {
        WorkerService service = new WorkerService("worker@" + settings.bind() + ":" + settings.port());
        Javalin app = HttpServers.create(settings.token());
        new WorkerRoutes(service, settings.mqbenchExtras()).register(app);
        HttpServers.start(app, settings.bind(), settings.port(), "worker protocol");
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "mqbench-worker-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        watchdog.scheduleWithFixedDelay(service::stopAbandonedRun, WATCHDOG_SECONDS, WATCHDOG_SECONDS, TimeUnit.SECONDS);
        return new WorkerServer(service, app, watchdog);
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return app.port();
    }

    /** A random id of this process, so a coordinator notices a restart. */
    public String instance() {
        return service.instance();
    }

    WorkerService service() {
        return service;
    }

    /** What the stats port publishes of this worker. */
    public WorkerMetrics metrics() {
        return service.metrics();
    }

    /** Stops serving and stops whatever run is going on. */
    @Override
    public void close() {
        watchdog.shutdownNow();
        app.stop();
        service.shutdown();
    }
}
