package io.mqbench.driver.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One Redis connection with up to {@code window} commands in flight, each with its own future.
 *
 * <p>Jedis is a blocking client, and one blocking command per message makes a producer wait a round
 * trip per message. Redis answers commands on a connection in the order it received them, so the
 * commands can be written one after the other while a reader thread takes the replies in order and
 * completes the matching future: the future of a command completes when Redis's answer to that
 * command has been read, fails on an error reply (only that command), and every pending future fails
 * if the connection breaks or a reply is overdue by the connection's read timeout. When {@code
 * window} commands are unanswered, {@link #submit} waits: that is the client's back-pressure.
 *
 * <p>Who writes: on an idle connection (nothing unanswered, nothing queued) the caller writes its
 * command itself; once commands are in flight it hands them to a writer thread, which writes all it
 * finds queued and flushes once per batch. At a low rate every message thus costs one wake-up of the
 * reader and none of a writer; under load the batching is as before. The reader waits on the socket
 * alone (no read timeout), so a connection closed by the server is noticed at once, even when idle;
 * the writer thread, when it has nothing to write, looks a few times per read timeout for a reply
 * that is overdue.
 */
final class PipelinedConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PipelinedConnection.class);
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final Connection connection;
    private final int window;
    private final long replyTimeoutMillis;
    private final Semaphore permits;
    /**
     * A caller that found the window full waits until this many slots are free, not one: woken per
     * reply, it would send one command and wait again, a wake-up of the caller (and of the writer)
     * per reply under load.
     */
    private final int resumeAt;
    private final Object windowFull = new Object();
    private volatile int waitingForSlots;
    /** Held while commands are written and flushed, by the caller or the writer thread. */
    private final ReentrantLock writing = new ReentrantLock();
    /**
     * Commands handed to the writer thread and not written yet: counted up before one is queued,
     * down under {@link #writing} once written, so a caller that sees 0 under the lock overtakes none.
     */
    private final AtomicInteger handedOff = new AtomicInteger();
    private final BlockingQueue<Pending> unsent = new LinkedBlockingQueue<>();
    private final Queue<Pending> unanswered = new ConcurrentLinkedQueue<>();
    private final Thread writer;
    private final Thread reader;
    private volatile Throwable failure;

    private record Pending(CommandArguments command, CompletableFuture<Object> reply, long submittedNanos) {}

    PipelinedConnection(Connection connection, int window, String name) {
        this.connection = connection;
        this.window = window;
        this.permits = new Semaphore(window);
        this.resumeAt = Math.max(1, window / 8);
        // The socket's read timeout becomes the limit for a reply that is due; the reader itself
        // waits without one, since an idle connection owes nothing.
        this.replyTimeoutMillis = Math.max(1, connection.getSoTimeout());
        connection.setTimeoutInfinite();
        this.writer = new Thread(this::writeLoop, name + "-writer");
        this.reader = new Thread(this::readLoop, name + "-reader");
        writer.setDaemon(true);
        reader.setDaemon(true);
        writer.start();
        reader.start();
    }

    /** Sends a command; the future holds Redis's raw reply (bytes, Long, List, or null). */
    CompletableFuture<Object> submit(CommandArguments command) {
        Throwable failed = failure;
        if (failed != null) {
            return CompletableFuture.failedFuture(failed);
        }
        try {
            acquireSlot();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        Pending pending = new Pending(command, new CompletableFuture<>(), System.nanoTime());
        if (!writeIfIdle(pending)) {
            handedOff.incrementAndGet();
            unsent.add(pending);
        }
        if (failure != null) {
            // The connection failed while we queued: make sure nothing waits for a writer that stopped.
            failEverything(failure);
        }
        return pending.reply;
    }

    /** Why the connection broke (every command since has failed), or null while it works. */
    Throwable failure() {
        return failure;
    }

    /** Commands sent or queued whose reply has not been read yet. */
    int inFlight() {
        return window - permits.availablePermits();
    }

    /** Takes a slot of the window; when the window is full, waits until {@link #resumeAt} slots are free. */
    private void acquireSlot() throws InterruptedException {
        if (permits.tryAcquire()) {
            return;
        }
        synchronized (windowFull) {
            waitingForSlots++;
            try {
                while (permits.availablePermits() < resumeAt && failure == null) {
                    windowFull.wait(replyTimeoutMillis); // woken by releaseSlot; the limit only bounds a surprise
                }
            } finally {
                waitingForSlots--;
            }
        }
        permits.acquire();
    }

    /** Frees a slot; wakes the callers waiting for slots once {@link #resumeAt} are free. */
    private void releaseSlot() {
        permits.release();
        if (waitingForSlots > 0 && (permits.availablePermits() >= resumeAt || failure != null)) {
            synchronized (windowFull) {
                windowFull.notifyAll();
            }
        }
    }

    /**
     * Writes the command on the caller's thread when nothing else is in flight or queued (checked
     * under the lock, so a command handed off earlier is never overtaken); returns false to hand it
     * to the writer thread instead.
     */
    private boolean writeIfIdle(Pending pending) {
        if (!unanswered.isEmpty() || handedOff.get() != 0 || !writing.tryLock()) {
            return false;
        }
        try {
            if (handedOff.get() != 0) {
                return false;
            }
            write(List.of(pending));
            return true;
        } catch (RuntimeException e) {
            failEverything(e);
            return true;
        } finally {
            writing.unlock();
        }
    }

    /**
     * Under {@link #writing}: queues each command for the reader before its bytes leave, then
     * flushes; on a connection that has failed, fails them instead.
     */
    private void write(List<Pending> batch) {
        if (failure != null) {
            batch.forEach(p -> fail(p, failure));
            return;
        }
        for (Pending pending : batch) {
            // Queued for the reader first: the reply can never overtake it.
            unanswered.add(pending);
            connection.sendCommand(pending.command);
        }
        flush(connection);
    }

    private void writeLoop() {
        List<Pending> batch = new ArrayList<>();
        long checkEveryMillis = Math.max(10, replyTimeoutMillis / 4);
        try {
            while (true) {
                Pending first = unsent.poll(checkEveryMillis, TimeUnit.MILLISECONDS);
                if (first == null) {
                    failIfReplyOverdue();
                    continue;
                }
                batch.add(first);
                unsent.drainTo(batch);
                writing.lock();
                try {
                    write(batch);
                } finally {
                    handedOff.addAndGet(-batch.size());
                    writing.unlock();
                }
                batch.clear();
                if (failure != null) {
                    // The reader stopped (broken connection): nobody would read these replies.
                    failEverything(failure);
                }
            }
        } catch (InterruptedException e) {
            // close(): stop writing.
        } catch (RuntimeException e) {
            batch.forEach(p -> fail(p, e));
            failEverything(e);
        }
    }

    private void readLoop() {
        try {
            while (true) {
                Object reply;
                JedisDataException errorReply = null;
                try {
                    reply = connection.getUnflushedObject();
                } catch (JedisDataException e) {
                    // An error reply (WRONGTYPE, OOM, ...) concerns its command only.
                    reply = null;
                    errorReply = e;
                }
                Pending pending = unanswered.poll();
                if (pending == null) {
                    throw new JedisConnectionException("Redis sent a reply to a command this connection did not send");
                }
                // The slot is freed after the future completed: a caller waiting for a slot then
                // knows that every earlier reply has been handed out.
                if (errorReply != null) {
                    pending.reply.completeExceptionally(errorReply);
                } else {
                    pending.reply.complete(reply);
                }
                releaseSlot();
            }
        } catch (RuntimeException e) {
            if (failure == null) {
                log.warn("{}: connection lost, failing every unanswered command: {}", reader.getName(), e.toString());
            }
            failEverything(e);
        }
    }

    /**
     * The writer's check while idle: fails the connection when its oldest unanswered command has
     * waited longer than the read timeout, i.e. Redis (or the network) has stopped answering.
     */
    private void failIfReplyOverdue() {
        Pending oldest = unanswered.peek();
        if (failure != null || oldest == null
                || System.nanoTime() - oldest.submittedNanos < replyTimeoutMillis * 1_000_000) {
            return;
        }
        try {
            log.warn("{}: no reply from Redis within {} ms (socketTimeoutMs); failing every unanswered command",
                    reader.getName(), replyTimeoutMillis);
            failEverything(new JedisConnectionException("no reply from Redis within " + replyTimeoutMillis
                    + " ms (socketTimeoutMs)"));
            // Ends the reader's wait on the socket; the producer opens a new connection.
            RedisEndpoint.discard(connection);
        } catch (RuntimeException e) {
            // Closing a socket that is gone already: nothing else to release.
            log.debug("{}: closing an unanswering connection failed: {}", reader.getName(), e.toString());
        }
    }

    /**
     * Connection.flush() is protected; getMany(0) flushes the buffered commands and reads no reply,
     * which is exactly a flush.
     */
    private static void flush(Connection connection) {
        connection.getMany(0);
    }

    private void fail(Pending pending, Throwable error) {
        if (pending.reply.completeExceptionally(error)) {
            releaseSlot();
        }
    }

    private void failEverything(Throwable error) {
        if (failure == null) {
            failure = error;
        }
        Pending pending;
        while ((pending = unsent.poll()) != null) {
            fail(pending, failure);
        }
        while ((pending = unanswered.poll()) != null) {
            fail(pending, failure);
        }
    }

    /** Waits (a bounded time) for the replies still due, then closes the connection and both threads. */
    @Override
    public void close() {
        try {
            if (failure == null && !permits.tryAcquire(window, CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                log.warn("{}: {} commands still unanswered after {} ms; failing them", writer.getName(), inFlight(), CLOSE_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        failEverything(new JedisException("the Redis producer connection was closed"));
        writer.interrupt();
        join(writer);
        // Closing the socket ends the reader's wait for the next reply.
        RedisEndpoint.discard(connection);
        join(reader);
    }

    private static void join(Thread thread) {
        try {
            thread.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
