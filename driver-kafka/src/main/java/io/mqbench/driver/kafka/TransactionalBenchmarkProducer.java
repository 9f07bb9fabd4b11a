package io.mqbench.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A transactional producer for exactly-once runs. A KafkaProducer accepts no sends while it commits,
 * and commitTransaction blocks, so one thread per producer owns the client: it takes the queued
 * messages, sends them inside a transaction, and commits after {@code commitEveryMessages} messages
 * or {@code commitEveryMs} after the transaction's first message, whichever comes first. Each
 * message's future completes when its transaction has committed; if the transaction aborts, every
 * message in it fails (and a read_committed consumer never sees any of them).
 */
final class TransactionalBenchmarkProducer implements BenchmarkProducer, Runnable {
    private static final Logger log = LoggerFactory.getLogger(TransactionalBenchmarkProducer.class);
    private static final long IDLE_POLL_MILLIS = 100;
    private static final long CLOSE_WAIT_MILLIS = 10_000;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private record Pending(ProducerRecord<String, byte[]> record, CompletableFuture<Void> committed) {}

    /** The first send error of a transaction: it explains an abort better than commit's own error. */
    private static final class SendOutcome {
        volatile Exception firstError;
    }

    private final KafkaProducer<String, byte[]> producer;
    private final String topic;
    private final String transactionalId;
    private final TransactionSettings settings;
    /** Bounded like the client's buffer.memory: when it is full, sendAsync waits (back-pressure). */
    private final BlockingQueue<Pending> queue;
    private final Thread thread;
    private volatile boolean running = true;
    /** Set by the transaction thread just before it fails whatever is left in the queue. */
    private volatile boolean finished;
    private volatile KafkaException fatal;

    /** Calls initTransactions, which registers the transactional.id with the transaction coordinator. */
    TransactionalBenchmarkProducer(KafkaProducer<String, byte[]> producer, String topic, String transactionalId, TransactionSettings settings) {
        this.producer = producer;
        this.topic = topic;
        this.transactionalId = transactionalId;
        this.settings = settings;
        this.queue = new ArrayBlockingQueue<>(Math.max(4 * settings.commitEveryMessages, 10_000));
        producer.initTransactions();
        this.thread = new Thread(this, "kafka-transactions-" + transactionalId);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        Pending pending = new Pending(new ProducerRecord<>(topic, key.orElse(null), payload), new CompletableFuture<>());
        try {
            while (!queue.offer(pending, IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (finished) {
                    return CompletableFuture.failedFuture(closedError());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        // The thread sets 'finished' before its last drain: if it is set now, either that drain took
        // this message (and failed it) or the message is still queued and must be failed here.
        if (finished && queue.remove(pending)) {
            pending.committed.completeExceptionally(closedError());
        }
        return pending.committed;
    }

    @Override
    public void run() {
        List<Pending> transaction = new ArrayList<>(settings.commitEveryMessages);
        try {
            while (running || !queue.isEmpty()) {
                Pending first = queue.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first != null) {
                    runTransaction(first, transaction);
                    transaction.clear();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failAll(transaction, new KafkaException("producer " + transactionalId + " was interrupted while closing", e));
        } catch (KafkaException e) {
            fatal = e;
            log.error("transactional producer {} stopped: {}", transactionalId, e.toString());
            failAll(transaction, e);
        } finally {
            finished = true;
            List<Pending> left = new ArrayList<>();
            queue.drainTo(left);
            failAll(left, closedError());
        }
    }

    private void runTransaction(Pending first, List<Pending> transaction) throws InterruptedException {
        try {
            producer.beginTransaction();
        } catch (KafkaException e) {
            first.committed.completeExceptionally(e);
            throw e;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.commitEveryMs);
        SendOutcome outcome = new SendOutcome();
        List<Pending> drained = new ArrayList<>();
        send(first, transaction, outcome);
        while (transaction.size() < settings.commitEveryMessages) {
            drained.clear();
            queue.drainTo(drained, settings.commitEveryMessages - transaction.size());
            drained.forEach(pending -> send(pending, transaction, outcome));
            long remaining = deadline - System.nanoTime();
            if (transaction.size() >= settings.commitEveryMessages || remaining <= 0) {
                break;
            }
            if (drained.isEmpty()) {
                Pending next = queue.poll(remaining, TimeUnit.NANOSECONDS);
                if (next == null) {
                    break;
                }
                send(next, transaction, outcome);
            }
        }
        commit(transaction, outcome);
    }

    private void send(Pending pending, List<Pending> transaction, SendOutcome outcome) {
        transaction.add(pending);
        try {
            producer.send(pending.record, (metadata, error) -> {
                if (error != null && outcome.firstError == null) {
                    outcome.firstError = error;
                }
            });
        } catch (KafkaException e) {
            if (outcome.firstError == null) {
                outcome.firstError = e;
            }
        }
    }

    private void commit(List<Pending> transaction, SendOutcome outcome) {
        try {
            if (outcome.firstError != null) {
                throw new KafkaException("a send in the transaction failed", outcome.firstError);
            }
            producer.commitTransaction();
        } catch (KafkaException e) {
            // Abortable errors (a failed send, a timed-out partition) end this transaction only; if the
            // abort fails too, the producer is in a fatal state (fenced, unauthorized): stop it.
            try {
                producer.abortTransaction();
            } catch (KafkaException abortFailed) {
                abortFailed.addSuppressed(e);
                throw abortFailed;
            }
            Exception cause = outcome.firstError != null ? outcome.firstError : e;
            failAll(transaction, new KafkaException("transaction aborted: " + cause, cause));
            return;
        }
        for (Pending pending : transaction) {
            pending.committed.complete(null);
        }
    }

    private KafkaException closedError() {
        return fatal != null ? fatal : new KafkaException("transactional producer " + transactionalId + " is closed");
    }

    private static void failAll(List<Pending> pendings, Exception error) {
        for (Pending pending : pendings) {
            pending.committed.completeExceptionally(error);
        }
        pendings.clear();
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(CLOSE_WAIT_MILLIS);
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(CLOSE_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(CLOSE_TIMEOUT);
    }
}
