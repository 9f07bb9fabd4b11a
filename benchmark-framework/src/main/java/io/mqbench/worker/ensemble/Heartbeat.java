package io.mqbench.worker.ensemble;

import io.mqbench.worker.remote.HttpWorker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks every worker for a sign of life each second, on the side of whatever the run is doing: a
 * worker that has not answered for {@link #LOST_AFTER} is marked lost, which fails its pending and
 * later calls at once. So a hung host, a cut network or a stopped process is noticed within about
 * eleven seconds even in the middle of a ten-minute call, and a restarted one at its next ping.
 */
final class Heartbeat implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Heartbeat.class);
    static final Duration INTERVAL = Duration.ofSeconds(1);
    static final Duration LOST_AFTER = Duration.ofSeconds(10);

    private final List<HttpWorker> workers;
    // Written by the HTTP client's threads, read by the timer's.
    private final AtomicLongArray lastAnswerNanos;
    private final AtomicReferenceArray<String> lastError;
    /** The ping in flight to each worker, touched by the timer thread only. */
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "mqbench-heartbeat");
        thread.setDaemon(true);
        return thread;
    });

    Heartbeat(List<HttpWorker> workers) {
        this.workers = workers;
        this.lastAnswerNanos = new AtomicLongArray(workers.size());
        this.lastError = new AtomicReferenceArray<>(workers.size());
        workers.forEach(worker -> pending.add(null));
    }

    Heartbeat start() {
        long now = System.nanoTime();
        for (int i = 0; i < workers.size(); i++) {
            lastAnswerNanos.set(i, now);
        }
        timer.scheduleWithFixedDelay(() -> {
            try {
                tick();
            } catch (RuntimeException e) {
                // A task that throws is never scheduled again: the heartbeat must outlive any one failure.
                log.warn("heartbeat: {}", e.toString());
            }
        }, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    private void tick() {
        long now = System.nanoTime();
        for (int i = 0; i < workers.size(); i++) {
            HttpWorker worker = workers.get(i);
            if (worker.lostReason() != null) {
                continue;
            }
            if (pending.get(i) == null || pending.get(i).isDone()) {
                int index = i;
                pending.set(i, worker.ping().whenComplete((ignored, error) -> {
                    if (error == null) {
                        lastAnswerNanos.set(index, System.nanoTime());
                    } else {
                        Throwable cause = error.getCause() == null ? error : error.getCause();
                        lastError.set(index, cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
                    }
                }));
            }
            if (now - lastAnswerNanos.get(i) > LOST_AFTER.toNanos()) {
                worker.markLost("stopped answering: no reply to the heartbeat for " + LOST_AFTER.toSeconds() + " s"
                        + (lastError.get(i) == null ? "" : " (last error: " + lastError.get(i) + ")"));
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
