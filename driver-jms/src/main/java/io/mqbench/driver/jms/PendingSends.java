package io.mqbench.driver.jms;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The async sends of one producer that the broker has not answered yet. With a limit, a send
 * waits while that many are pending, as {@code artemis perf client --max-pending} does; the
 * harness sees the wait as publish delay. When the connection is lost, every pending send fails
 * at once, because the client may never answer it.
 */
public final class PendingSends {
    /** How long a send may wait for room before it fails: the broker has stopped answering. */
    static final long WAIT_SECONDS = 30;

    private final Set<Pending> pending = ConcurrentHashMap.newKeySet();
    private final Semaphore room;
    private final int limit;
    private volatile Exception lostBy;

    /** @param limit most pending sends; 0 for no limit */
    public PendingSends(int limit) {
        this.limit = limit;
        this.room = limit > 0 ? new Semaphore(limit) : null;
    }

    /** The window the settings ask for: {@code maxPendingSends} with async sends, none with sync ones. */
    public static PendingSends of(JmsSettings settings) {
        return new PendingSends(settings.asyncSends() ? settings.maxPendingSends : 0);
    }

    /** Room taken by {@link #reserve()} for the next {@link #open}; only the producer's sender thread touches it. */
    private boolean reserved;

    /**
     * Waits for room and keeps it for the next {@link #open}, so that the harness counts the wait
     * as publish delay. After {@link #WAIT_SECONDS} without room it gives up, and the send waits
     * (and fails) itself.
     */
    public void reserve() throws InterruptedException {
        if (room != null && !reserved) {
            reserved = room.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /**
     * Registers a send about to happen. Returns null, with {@code future} already failed, when
     * there is no room after {@link #WAIT_SECONDS} or the connection is gone.
     */
    public Pending open(CompletableFuture<Void> future) {
        if (reserved) {
            reserved = false;
        } else if (room != null) {
            try {
                if (!room.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)) {
                    future.completeExceptionally(new TimeoutException("no answer from the broker for "
                            + WAIT_SECONDS + " s while " + limit + " sends were pending"));
                    return null;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                future.completeExceptionally(e);
                return null;
            }
        }
        Pending entry = new Pending(future);
        pending.add(entry);
        Exception lost = lostBy;
        if (lost != null) {
            // The connection went away before this send was registered: nobody would answer it.
            entry.failed(lost);
            return null;
        }
        return entry;
    }

    /** How a producer hands one message to its client; {@code outcome} is null for a sync send, whose call waits for the broker. */
    @FunctionalInterface
    public interface Send {
        void send(AsyncSend.Outcome outcome) throws Exception;
    }

    /**
     * One send, the same way for every client: refused at once while the connection is down
     * (instead of blocking the harness's sender in the client); in async mode registered, then
     * handed the outcome its client's callback settles; in sync mode complete when the call
     * returns. The caller keeps its session to one thread at a time.
     */
    public CompletableFuture<Void> send(boolean async, Send send) {
        CompletableFuture<Void> future = new CompletableFuture<>();
        Exception down = lostBy;
        if (down != null) {
            future.completeExceptionally(down);
        } else if (!async) {
            try {
                send.send(null);
                future.complete(null);
            } catch (Exception e) {
                future.completeExceptionally(e);
            }
        } else {
            Pending entry = open(future);
            if (entry != null) {
                try {
                    send.send(entry);
                } catch (Exception e) {
                    entry.failed(e);
                }
            }
        }
        return future;
    }

    /** Fails every pending send, and every later one, with {@code cause}. */
    public void failAll(Exception cause) {
        lostBy = cause;
        for (Pending entry : pending) {
            entry.failed(cause);
        }
    }

    /** Why sends fail at once now, or null while connected. */
    public Exception lost() {
        return lostBy;
    }

    /** Accepts sends again after the client library reconnected. */
    public void reopen() {
        lostBy = null;
    }

    public int count() {
        return pending.size();
    }

    /** One send in flight; settles its future exactly once and frees its room. */
    public final class Pending implements AsyncSend.Outcome {
        private final CompletableFuture<Void> future;

        private Pending(CompletableFuture<Void> future) {
            this.future = future;
        }

        @Override
        public void acknowledged() {
            if (pending.remove(this)) {
                release();
                future.complete(null);
            }
        }

        @Override
        public void failed(Exception error) {
            if (pending.remove(this)) {
                release();
                future.completeExceptionally(error);
            }
        }
    }

    private void release() {
        if (room != null) {
            room.release();
        }
    }
}
