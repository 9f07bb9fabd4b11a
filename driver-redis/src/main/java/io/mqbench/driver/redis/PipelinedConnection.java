package io.mqbench.driver.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One Redis connection with up to {@code window} commands in flight, each with its own future.
 *
 * <p>Jedis is a blocking client, and one blocking command per message makes a producer wait a round
 * trip per message. Redis answers commands on a connection in the order it received them, so a
 * writer thread can keep sending while a reader thread takes the replies in order and completes the
 * matching future: the future of a command completes when Redis's answer to that command has been
 * read, fails on an error reply (only that command), and every pending future fails if the
 * connection breaks. When {@code window} commands are unanswered, {@link #submit} waits: that is the
 * client's back-pressure.
 */
final class PipelinedConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PipelinedConnection.class);
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final Connection connection;
    private final int window;
    private final Semaphore permits;
    private final BlockingQueue<Pending> unsent = new LinkedBlockingQueue<>();
    private final BlockingQueue<Pending> unanswered = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final Thread reader;
    private volatile Throwable failure;

    private record Pending(CommandArguments command, CompletableFuture<Object> reply) {}

    PipelinedConnection(Connection connection, int window, String name) {
        this.connection = connection;
        this.window = window;
        this.permits = new Semaphore(window);
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
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        Pending pending = new Pending(command, new CompletableFuture<>());
        unsent.add(pending);
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

    private void writeLoop() {
        List<Pending> batch = new ArrayList<>();
        try {
            while (true) {
                batch.add(unsent.take());
                unsent.drainTo(batch);
                if (failure != null) {
                    batch.forEach(p -> fail(p, failure));
                } else {
                    for (Pending pending : batch) {
                        // Queued for the reader before its bytes leave: the reply can never overtake it.
                        unanswered.add(pending);
                        connection.sendCommand(pending.command);
                    }
                    flush(connection);
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
                Pending pending = unanswered.take();
                // The slot is freed after the future completed: a caller waiting for a slot then
                // knows that every earlier reply has been handed out.
                try {
                    Object reply = connection.getUnflushedObject();
                    pending.reply.complete(reply);
                    permits.release();
                } catch (JedisDataException e) {
                    // An error reply (WRONGTYPE, OOM, ...) concerns this command only.
                    pending.reply.completeExceptionally(e);
                    permits.release();
                } catch (RuntimeException e) {
                    fail(pending, e);
                    throw e;
                }
            }
        } catch (InterruptedException e) {
            // close(): stop reading.
        } catch (RuntimeException e) {
            if (failure == null) {
                log.warn("{}: connection lost, failing every unanswered command: {}", reader.getName(), e.toString());
            }
            failEverything(e);
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
            permits.release();
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
        // Closing the socket ends a read in progress; the interrupt ends a wait for the next command.
        RedisEndpoint.discard(connection);
        reader.interrupt();
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
