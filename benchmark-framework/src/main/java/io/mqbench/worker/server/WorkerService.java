package io.mqbench.worker.server;

import io.mqbench.config.DriverFile;
import io.mqbench.config.SecretRedactor;
import io.mqbench.config.UserError;
import io.mqbench.metrics.WorkerMetrics;
import io.mqbench.worker.LocalWorker;
import io.mqbench.worker.ProcessLoad;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a worker process does for its coordinator, whatever the transport: runs one {@link
 * LocalWorker} command at a time under the {@link CoordinatorLease}, turns the driver file it is
 * sent into a file the driver can read, and keeps the metrics the stats port publishes.
 */
final class WorkerService {
    private static final Logger log = LoggerFactory.getLogger(WorkerService.class);

    /** One command at a time: LocalWorker's setup methods are not meant to run concurrently. */
    private final ReentrantLock commands = new ReentrantLock();
    private final CoordinatorLease lease = new CoordinatorLease();
    private final LocalWorker worker;
    private final String instance = UUID.randomUUID().toString().substring(0, 13);
    private final WorkerMetrics metrics = new WorkerMetrics(instance);

    @FunctionalInterface
    interface Command<T> {
        T run(LocalWorker worker) throws Exception;
    }

    WorkerService(String workerId) {
        // OMB's protocol never names the workload to a worker: its series have an empty workload label.
        this.worker = metrics.follow(new LocalWorker(workerId), null);
    }

    WorkerMetrics metrics() {
        return metrics;
    }

    String instance() {
        return instance;
    }

    /** This process's load with its sending threads', under the name a coordinator knows this worker by. */
    ProcessLoad processLoad() {
        return worker.processLoad().get(0).named(instance);
    }

    CoordinatorLease lease() {
        return lease;
    }

    /** Runs one command for a coordinator the lease admits. */
    <T> T command(CoordinatorLease.Caller caller, String session, Command<T> command) throws Exception {
        lease.enter(caller, session);
        commands.lock();
        try {
            return command.run(worker);
        } finally {
            commands.unlock();
            lease.leave(caller);
        }
    }

    /**
     * OMB's {@code /initialize-driver}: the body is the driver file's content. It is written to a
     * private temporary file for the driver to read, and deleted once the driver has started.
     * Returns the new session.
     */
    String initializeDriver(CoordinatorLease.Caller caller, byte[] driverFile, String fileName) throws Exception {
        String shownName = fileName == null || fileName.isBlank() ? "driver file" : Path.of(fileName).getFileName().toString();
        return command(caller, null, localWorker -> {
            Path folder = Files.createTempDirectory("mqbench-driver-");
            Path file = folder.resolve(safeName(shownName));
            try {
                Files.write(file, driverFile);
                DriverFile loaded = rename(() -> DriverFile.load(file.toFile()), file, shownName);
                log.info("{}: initialize driver {} ({})", caller.label(), loaded.name(), loaded.driverClass());
                rename(() -> {
                    localWorker.initializeDriver(file.toFile());
                    return null;
                }, file, shownName);
                return lease.begin(caller);
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(folder);
            }
        });
    }

    /** OMB's {@code /stop-all}: ends the caller's run and frees the worker. */
    void stopAll(CoordinatorLease.Caller caller, String session) throws Exception {
        command(caller, session, localWorker -> {
            localWorker.stopAll();
            return null;
        });
        lease.end(caller);
        log.info("{}: stop all", caller.label());
    }

    /** Stops a run whose coordinator fell silent, so an abandoned load does not go on for ever. */
    void stopAbandonedRun() {
        String abandoned = lease.releaseIfAbandoned();
        if (abandoned == null) {
            return;
        }
        log.warn("{} sent nothing for {} s: stopping its run", abandoned, CoordinatorLease.IDLE_LIMIT.toSeconds());
        commands.lock();
        try {
            worker.stopAll();
        } finally {
            commands.unlock();
        }
    }

    /** The process is going away: stop whatever runs. */
    void shutdown() {
        commands.lock();
        try {
            worker.stopAll();
        } finally {
            commands.unlock();
        }
    }

    @FunctionalInterface
    private interface Step<T> {
        T run() throws Exception;
    }

    /** Names the coordinator's file, not the temporary copy, in any error the step raises. */
    private static <T> T rename(Step<T> step, Path temporary, String shownName) throws Exception {
        try {
            return step.run();
        } catch (UserError e) {
            throw new UserError(e.getMessage().replace(temporary.toString(), shownName), e.getCause());
        } catch (IOException e) {
            throw new IOException(e.getMessage() == null ? e.toString() : e.getMessage().replace(temporary.toString(), shownName), e);
        }
    }

    private static String safeName(String name) {
        String cleaned = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return cleaned.isEmpty() || cleaned.startsWith(".") ? "driver.yaml" : cleaned;
    }

    /** Error text that may go back over the wire or into a log: no secrets from driver settings. */
    static String redacted(String message) {
        return message == null ? null : SecretRedactor.redactText(message);
    }
}
