package io.mqbench.driver.support;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * The threads a driver creates its topics, producers and consumers on. OMB's SPI wants a
 * CompletableFuture for each creation, but most client libraries block while they connect,
 * declare or attach; running that here keeps the harness's thread free to ask for the next one.
 */
public final class CreationThreads implements AutoCloseable {
    /** One blocking creation step, e.g. opening a producer's connection. */
    @FunctionalInterface
    public interface Creation<T> {
        T create() throws Exception;
    }

    /** A blocking step with no result, e.g. declaring a topic. */
    @FunctionalInterface
    public interface Step {
        void run() throws Exception;
    }

    private final String name;
    private final ExecutorService threads;

    /** Threads named {@code name-1}, {@code name-2}, ...; none is started before the first creation. */
    public CreationThreads(String name) {
        this.name = name;
        // Unbounded, like the drivers' own pools were: the harness asks for all of a workload's
        // clients at once and each may wait seconds on its broker, so they wait side by side
        // rather than in a queue. A driver that must go easier on its broker batches (RabbitMQ).
        this.threads = Executors.newCachedThreadPool(DaemonThreads.named(name));
    }

    /**
     * Runs {@code creation} on a creation thread. The future fails with what it threw; a checked
     * exception is wrapped once, so {@code get()}'s cause is the original either way.
     */
    public <T> CompletableFuture<T> supply(Creation<T> creation) {
        try {
            return CompletableFuture.supplyAsync(() -> {
                try {
                    return creation.create();
                } catch (RuntimeException e) {
                    throw e;
                } catch (InterruptedException e) {
                    // close() interrupts creations still running; the thread ends, but say so.
                    Thread.currentThread().interrupt();
                    throw new CompletionException(e);
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            }, threads);
        } catch (RejectedExecutionException e) {
            // A failed future, not a throw: callers of the SPI only look at the future.
            return CompletableFuture.failedFuture(new IllegalStateException(
                    name + ": the driver is closed, it creates nothing more", e));
        }
    }

    /** {@link #supply} for a step with no result. */
    public CompletableFuture<Void> run(Step step) {
        return supply(() -> {
            step.run();
            return null;
        });
    }

    /**
     * Interrupts creations still running and lets the threads end; later creations fail at once.
     * Closing again does nothing.
     */
    @Override
    public void close() {
        // A cached pool queues nothing (each creation gets a thread at once), so no future is
        // left uncompleted by the tasks shutdownNow() drops.
        threads.shutdownNow();
    }
}
