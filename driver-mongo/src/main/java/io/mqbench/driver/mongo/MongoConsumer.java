package io.mqbench.driver.mongo;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.support.PauseGate;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A consumer of one subscription: a thread that claims up to {@code receiveBatch} messages, hands
 * them to the harness's callback, then acknowledges them with one delete (at-least-once: a
 * consumer that dies between the two leaves its messages to be redelivered when their lease
 * expires). When nothing is claimable it waits {@code pollInterval} before it looks again.
 */
final class MongoConsumer implements BenchmarkConsumer, PausableConsumer {
    private static final Logger log = LoggerFactory.getLogger(MongoConsumer.class);
    /** After a failed claim or acknowledgement, wait at least this long (a down server answers fast). */
    private static final long RETRY_MILLIS = 200;

    private final String name;
    private final LeaseClaims claims;
    private final ConsumerCallback callback;
    private final int receiveBatch;
    private final long pollMillis;
    private final Thread reader;
    private final OccasionalWarning failures;
    private final PauseGate gate = new PauseGate();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong redelivered = new AtomicLong();
    private final AtomicLong acknowledgedElsewhere = new AtomicLong();
    private volatile boolean closing;
    private final AtomicBoolean closed = new AtomicBoolean();

    MongoConsumer(String name, LeaseClaims claims, ConsumerCallback callback, MongoSettings settings) {
        this.name = name;
        this.claims = claims;
        this.callback = callback;
        this.receiveBatch = settings.receiveBatch;
        this.pollMillis = settings.pollIntervalMillis();
        this.failures = new OccasionalWarning(log, name + ": a claim, delivery or acknowledgement failed; retrying");
        this.reader = new Thread(this::readUntilClosed, name + "-reader");
        this.reader.setDaemon(true);
    }

    void start() {
        reader.start();
    }

    private void readUntilClosed() {
        while (!closing) {
            try {
                if (!gate.awaitResumed()) {
                    break;
                }
                if (!claimDeliverAcknowledge()) {
                    Thread.sleep(pollMillis);
                }
            } catch (InterruptedException e) {
                break;
            } catch (RuntimeException e) {
                if (closing) {
                    break;
                }
                failures.warn(e);
                if (!sleepQuietly(Math.max(RETRY_MILLIS, pollMillis))) {
                    break;
                }
            }
        }
    }

    /** One round; false when there was nothing to claim. */
    private boolean claimDeliverAcknowledge() {
        List<BsonDocument> batch = claims.claim(receiveBatch);
        if (batch.isEmpty()) {
            return false;
        }
        for (BsonDocument message : batch) {
            if (QueueDocument.deliveries(message) > 1) {
                redelivered.incrementAndGet();
            }
            callback.messageReceived(QueueDocument.payload(message), QueueDocument.publishedAtMillis(message));
            delivered.incrementAndGet();
        }
        long deleted = claims.acknowledge(batch);
        if (deleted < batch.size()) {
            // The lease ran out while the batch was being handled, and another consumer claimed
            // and acknowledged some of it first.
            acknowledgedElsewhere.addAndGet(batch.size() - deleted);
        }
        return true;
    }

    private static boolean sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    /** Stops claiming; a batch already claimed is still handed over and acknowledged. */
    @Override
    public void pause() {
        gate.pause();
    }

    @Override
    public void resume() {
        gate.resume();
    }

    long delivered() {
        return delivered.get();
    }

    long redelivered() {
        return redelivered.get();
    }

    long acknowledgedElsewhere() {
        return acknowledgedElsewhere.get();
    }

    @Override
    public void close() {
        requestClose();
        finishClose(Stopping.graceDeadline());
    }

    /** Stops claiming; a batch already claimed is still handed over and acknowledged. Returns at once. */
    void requestClose() {
        closing = true;
        gate.close();
    }

    /** Waits for the reader until {@code deadlineNanos}, then interrupts it. */
    void finishClose(long deadlineNanos) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Stopping.join(reader, deadlineNanos);
        log.info("{}: {} messages delivered ({} redelivered after a lease expired), {} already acknowledged by"
                + " another consumer", name, delivered.get(), redelivered.get(), acknowledgedElsewhere.get());
    }
}
