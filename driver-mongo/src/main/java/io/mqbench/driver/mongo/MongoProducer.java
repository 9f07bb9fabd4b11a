package io.mqbench.driver.mongo;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A producer on the synchronous MongoDB client. {@code sendAsync} hands the message to this
 * producer's writer thread through a bounded queue and returns at once; the writer takes whatever
 * has queued up (up to {@code insertBatch} messages), writes it with one {@code insertMany} per
 * subscription and completes the futures when the server acknowledged under the write concern.
 * Messages sent back to back (a batch of the workload) therefore travel in one insert. When the
 * queue is full a send waits for room: that wait is the driver's back-pressure. It happens inside
 * the send, so it is part of that message's publish latency; the later messages, sent late, show
 * it as publish delay.
 */
final class MongoProducer implements BenchmarkProducer {
    private static final Logger log = LoggerFactory.getLogger(MongoProducer.class);

    private final String name;
    private final TopicCollections topic;
    private final SubscriptionTargets targets;
    private final int insertBatch;
    private final BlockingQueue<PendingSend> pending;
    private final Thread writer;
    private final AtomicLong insertCalls = new AtomicLong();
    private final AtomicLong messagesInBatches = new AtomicLong();
    private final AtomicLong messagesWritten = new AtomicLong();
    private final AtomicLong messagesFailed = new AtomicLong();
    private volatile boolean closing;
    private final AtomicBoolean closed = new AtomicBoolean();

    MongoProducer(String name, TopicCollections topic, SubscriptionTargets targets, MongoSettings settings) {
        this.name = name;
        this.topic = topic;
        this.targets = targets;
        this.insertBatch = settings.insertBatch;
        this.pending = new ArrayBlockingQueue<>(settings.maxPendingSends);
        this.writer = new Thread(this::writeUntilClosed, name + "-writer");
        this.writer.setDaemon(true);
    }

    void start() {
        writer.start();
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        if (closing) {
            return CompletableFuture.failedFuture(new IllegalStateException(name + " is closed"));
        }
        PendingSend send = PendingSend.of(key, payload);
        try {
            while (!pending.offer(send, 100, TimeUnit.MILLISECONDS)) {
                if (closing) {
                    return CompletableFuture.failedFuture(new IllegalStateException(name + " is closed"));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        if (closing) {
            // close() may have drained the queue just before this message went in.
            failPending();
        }
        return send.future();
    }

    private void writeUntilClosed() {
        List<PendingSend> batch = new ArrayList<>(insertBatch);
        while (!closing) {
            PendingSend first;
            try {
                first = pending.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                break;
            }
            if (first == null) {
                continue;
            }
            batch.add(first);
            pending.drainTo(batch, insertBatch - 1);
            write(batch);
            batch.clear();
        }
    }

    private void write(List<PendingSend> batch) {
        Throwable[] failures;
        try {
            failures = FanOutInsert.write(batch, targets.current(), topic.topic());
        } catch (RuntimeException e) {
            // The subscription list could not be read: nothing was written.
            failures = new Throwable[batch.size()];
            Arrays.fill(failures, e);
        }
        insertCalls.incrementAndGet();
        messagesInBatches.addAndGet(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            if (failures[i] == null) {
                messagesWritten.incrementAndGet();
                batch.get(i).future().complete(null);
            } else {
                messagesFailed.incrementAndGet();
                batch.get(i).future().completeExceptionally(failures[i]);
            }
        }
    }

    private void failPending() {
        List<PendingSend> left = new ArrayList<>();
        pending.drainTo(left);
        for (PendingSend send : left) {
            messagesFailed.incrementAndGet();
            send.future().completeExceptionally(new IllegalStateException(name + " closed before the message was written"));
        }
    }

    /** Batches written so far (one insertMany per subscription each). */
    long batchesWritten() {
        return insertCalls.get();
    }

    long messagesWritten() {
        return messagesWritten.get();
    }

    @Override
    public void close() {
        requestClose();
        finishClose(Stopping.graceDeadline());
    }

    /** Stops taking sends; the writer finishes the batch in hand. Returns at once. */
    void requestClose() {
        closing = true;
    }

    /**
     * Waits for the writer until {@code deadlineNanos}, then interrupts it (a writer stuck waiting
     * for an unreachable server would otherwise hold the close for the client's whole server
     * selection timeout), and fails the sends it never took.
     */
    void finishClose(long deadlineNanos) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Stopping.join(writer, deadlineNanos);
        failPending();
        long batches = insertCalls.get();
        long messages = messagesInBatches.get();
        log.info("{}: {} messages written in {} batches ({} per insertMany), {} failed", name, messagesWritten.get(),
                batches, batches == 0 ? "-" : String.format(Locale.ROOT, "%.1f", (double) messages / batches),
                messagesFailed.get());
    }
}
