package io.mqbench.driver.rabbitmq;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The publisher confirms of one channel: a send future per publish sequence number, completed by
 * basic.ack, failed by basic.nack, by a basic.return (unroutable) or when the channel goes away.
 * With a window, a publish waits while that many confirms are outstanding, as PerfTest's
 * {@code --confirm N} does. The harness asks for the room first ({@link #reserve()}, through the
 * producer's {@code SendWindow}), so it sees the wait as publish delay; a harness that does not
 * (an upstream OMB worker) finds the wait inside the send, in publish latency.
 *
 * <p>One tracker belongs to one channel: after a reconnect the producer starts a new one, because
 * the broker numbers the new channel's publishes from 1 again.
 */
final class ConfirmTracker {
    /** How long a publish may wait for room in the window before it fails (the broker is stuck). */
    static final long WINDOW_WAIT_SECONDS = 30;

    /** Guarded by itself: the sender thread adds, the connection's thread settles. */
    private final PendingConfirms pending = new PendingConfirms();
    private final Map<Long, String> returned = new ConcurrentHashMap<>();
    private final Semaphore window;
    private final int windowSize;
    private volatile Throwable closedBy;
    /** Room taken by {@link #reserve()} for the next publish; only the producer's sender thread touches it. */
    private boolean reserved;

    /** @param windowSize most unconfirmed publishes at a time; 0 for no limit */
    ConfirmTracker(int windowSize) {
        this.windowSize = windowSize;
        this.window = windowSize > 0 ? new Semaphore(windowSize) : null;
    }

    /**
     * Waits for room in the window and keeps it for the next {@link #publish}. After {@link
     * #WINDOW_WAIT_SECONDS} without room it gives up, and the publish waits (and fails) itself.
     */
    void reserve() throws InterruptedException {
        if (window != null && !reserved) {
            reserved = window.tryAcquire(WINDOW_WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** What actually publishes, given the sequence number the tracker registered for it. */
    interface Publish {
        void run(long sequence) throws Exception;
    }

    /**
     * Takes the channel's next publish sequence number, registers a future for it, then publishes.
     * Called on the one thread that publishes on that channel, so the number is the one the broker
     * will confirm.
     */
    CompletableFuture<Void> publish(SequenceSource sequences, Publish publish) {
        if (reserved) {
            reserved = false;
        } else if (window != null) {
            try {
                if (!window.tryAcquire(WINDOW_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    return CompletableFuture.failedFuture(new TimeoutException("no publisher confirm for "
                            + WINDOW_WAIT_SECONDS + " s while " + windowSize + " messages were unconfirmed"));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return CompletableFuture.failedFuture(e);
            }
        }
        CompletableFuture<Void> future = new CompletableFuture<>();
        long sequence = sequences.next();
        synchronized (pending) {
            pending.add(sequence, future);
        }
        Throwable closed = closedBy;
        if (closed != null) {
            // The channel went away before this publish was registered: nobody would complete it.
            fail(sequence, closed);
            return future;
        }
        try {
            publish.run(sequence);
        } catch (Exception e) {
            fail(sequence, e);
        }
        return future;
    }

    /** Supplies the channel's next publish sequence number. */
    interface SequenceSource {
        long next();
    }

    /** The broker returned this publish as unroutable; its coming basic.ack must fail it. */
    void returned(long sequence, String reason) {
        returned.put(sequence, reason);
    }

    void acked(long deliveryTag, boolean multiple) {
        settle(deliveryTag, multiple, null);
    }

    void nacked(long deliveryTag, boolean multiple) {
        settle(deliveryTag, multiple, new NackedException());
    }

    /** Fails every outstanding publish, and any later one, with {@code cause}. */
    void closeAll(Throwable cause) {
        closedBy = cause;
        CompletableFuture<Void> future;
        while ((future = removeOldest()) != null) {
            release();
            future.completeExceptionally(cause);
        }
        returned.clear();
    }

    int outstanding() {
        synchronized (pending) {
            return pending.size();
        }
    }

    private void settle(long deliveryTag, boolean multiple, Throwable error) {
        if (!multiple) {
            complete(deliveryTag, remove(deliveryTag), error);
            return;
        }
        // Each future is completed outside the lock: completing runs the harness's callbacks.
        while (true) {
            long sequence;
            CompletableFuture<Void> future;
            synchronized (pending) {
                sequence = pending.oldest();
                future = sequence >= 0 && sequence <= deliveryTag ? pending.remove(sequence) : null;
            }
            if (future == null) {
                return;
            }
            complete(sequence, future, error);
        }
    }

    private CompletableFuture<Void> remove(long sequence) {
        synchronized (pending) {
            return pending.remove(sequence);
        }
    }

    private CompletableFuture<Void> removeOldest() {
        synchronized (pending) {
            long oldest = pending.oldest();
            return oldest < 0 ? null : pending.remove(oldest);
        }
    }

    private void complete(long sequence, CompletableFuture<Void> future, Throwable error) {
        if (future == null) {
            return;
        }
        release();
        String returnReason = returned.isEmpty() ? null : returned.remove(sequence);
        if (error != null) {
            future.completeExceptionally(error);
        } else if (returnReason != null) {
            future.completeExceptionally(new UnroutableException(returnReason));
        } else {
            future.complete(null);
        }
    }

    private void fail(long sequence, Throwable error) {
        CompletableFuture<Void> future = remove(sequence);
        if (future != null) {
            release();
            future.completeExceptionally(error);
        }
    }

    private void release() {
        if (window != null) {
            window.release();
        }
    }

    /** The broker refused the message (basic.nack): e.g. a full queue with x-overflow reject-publish. */
    static final class NackedException extends Exception {
        NackedException() {
            super("the broker refused the message (basic.nack)");
        }
    }

    /** The broker returned the message: no queue is bound for its routing (mandatory flag). */
    static final class UnroutableException extends Exception {
        UnroutableException(String reason) {
            super("the broker returned the message as unroutable: " + reason);
        }
    }
}
