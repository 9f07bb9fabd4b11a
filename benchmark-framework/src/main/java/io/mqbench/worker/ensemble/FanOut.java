package io.mqbench.worker.ensemble;

import io.mqbench.worker.remote.WorkerLostException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Calls several workers at once and waits for all of them. Its own threads, not the common pool: on
 * a 2-core coordinator that pool has a single thread and would call the workers one by one.
 */
final class FanOut implements AutoCloseable {
    @FunctionalInterface
    interface Call<T> {
        T apply(Member member) throws IOException;
    }

    private final ExecutorService pool = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "mqbench-ensemble");
        thread.setDaemon(true);
        return thread;
    });

    /**
     * The results in the members' order. If any call failed, throws after all have finished: a lost
     * worker first (it decides the run's fate), then the user's mistakes, then other failures.
     */
    <T> List<T> each(List<Member> members, Call<T> call) throws IOException {
        List<Future<T>> futures = new ArrayList<>();
        for (Member member : members) {
            futures.add(pool.submit(() -> call.apply(member)));
        }
        List<T> results = new ArrayList<>();
        Throwable failure = null;
        for (Future<T> future : futures) {
            try {
                results.add(future.get());
            } catch (ExecutionException e) {
                failure = worse(failure, e.getCause());
                results.add(null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the workers", e);
            }
        }
        for (Member member : members) {
            if (member.worker().lostReason() != null && failure instanceof WorkerLostException) {
                member.lossReported();
            }
        }
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure != null) {
            throw new IOException(failure);
        }
        return results;
    }

    private static Throwable worse(Throwable current, Throwable next) {
        if (current == null || (next instanceof WorkerLostException && !(current instanceof WorkerLostException))) {
            return next;
        }
        if (next instanceof io.mqbench.config.UserError && !(current instanceof WorkerLostException) && !(current instanceof io.mqbench.config.UserError)) {
            return next;
        }
        return current;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
