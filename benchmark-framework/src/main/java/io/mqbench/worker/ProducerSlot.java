package io.mqbench.worker;

import io.mqbench.delivery.MessageHeader;
import io.mqbench.delivery.ProducerLedger;
import io.mqbench.driver.api.CopiesPayload;
import io.mqbench.driver.api.SendWindow;
import io.mqbench.stats.MicrosClock;
import io.mqbench.stats.WorkerStats;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * One driver producer and what the harness keeps for it: its ledger of sequence numbers, its key
 * distributor and its turn through the payloads. Sends happen on one sender thread; completions
 * arrive on the driver's threads.
 */
final class ProducerSlot {
    private final BenchmarkProducer producer;
    private final ProducerLedger ledger;
    private final WorkerStats stats;
    private final SendErrors errors;
    private final LongAdder inFlight;
    private KeyDistributor keys = KeyDistributor.of(null);
    private List<byte[]> payloads = List.of();
    /**
     * For a producer that {@link CopiesPayload}: its own copy of each payload, into which every
     * message's header is written in turn; null when each message gets a copy of its own.
     */
    private List<byte[]> reused;
    private boolean writeHeader;
    /** 0: no bound. Otherwise {@link #outstanding} is guarded by {@code this}. */
    private int maxOutstanding;
    private int outstanding;
    private int nextPayload;
    private long probes;
    /** Sender thread only: see {@link #lastSentNanos()}. */
    private long lastSentNanos = System.nanoTime();

    ProducerSlot(BenchmarkProducer producer, ProducerLedger ledger, WorkerStats stats, SendErrors errors, LongAdder inFlight) {
        this.producer = producer;
        this.ledger = ledger;
        this.stats = stats;
        this.errors = errors;
        this.inFlight = inFlight;
    }

    BenchmarkProducer producer() {
        return producer;
    }

    ProducerLedger ledger() {
        return ledger;
    }

    void prepare(List<byte[]> payloads, KeyDistributor keys, boolean writeHeader, int maxOutstanding) {
        this.payloads = payloads;
        // Copies, not the payloads themselves: other producers' slots share those.
        this.reused = writeHeader && producer instanceof CopiesPayload ? payloads.stream().map(byte[]::clone).toList() : null;
        this.keys = keys;
        this.writeHeader = writeHeader;
        this.maxOutstanding = maxOutstanding;
    }

    /**
     * With a bound on outstanding sends, waits until a batch of {@code batch} fits: at most the
     * bound in flight, or, for a batch larger than the bound, nothing in flight (the batch goes
     * whole). Returns false if {@code keepWaiting} turned false first.
     */
    boolean awaitCapacity(int batch, BooleanSupplier keepWaiting) {
        if (maxOutstanding == 0) {
            return true;
        }
        int limit = Math.max(maxOutstanding, batch);
        synchronized (this) {
            while (outstanding + batch > limit) {
                if (!keepWaiting.getAsBoolean()) {
                    return false;
                }
                try {
                    wait(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            outstanding += batch;
        }
        return true;
    }

    private void releaseCapacity() {
        if (maxOutstanding > 0) {
            synchronized (this) {
                outstanding--;
                notifyAll();
            }
        }
    }

    /**
     * Sends the next message that was due at {@code intendedNanos}. A driver window's wait for room
     * ({@link SendWindow}) comes first and counts as publish delay, like the harness's own window;
     * publish latency and the header's send time start at the hand-over.
     *
     * @return false if the sender was interrupted while it waited for room
     */
    boolean send(long intendedNanos) {
        if (producer instanceof SendWindow window) {
            try {
                window.awaitRoom();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (RuntimeException e) {
                stats.recordSendError((System.nanoTime() - intendedNanos) / 1_000);
                errors.record(e);
                return true;
            }
        }
        byte[] payload = payloadToSend(nextPayload);
        nextPayload = nextPayload + 1 == payloads.size() ? 0 : nextPayload + 1;
        long sequence = ledger.nextSequence();
        // One clock reading for the hand-over: the header's send time and the start of publish
        // latency are the same instant (each reading costs tens of ns, on every message).
        long sentNanos = System.nanoTime();
        if (writeHeader) {
            long nowMicros = MicrosClock.microsAt(sentNanos);
            MessageHeader.write(payload, ledger.producerId(), sequence, nowMicros, false);
            ledger.sentAt(sequence, nowMicros);
        }
        String key = keys.next();
        long delayMicros = (sentNanos - intendedNanos) / 1_000;
        int size = payload.length;
        lastSentNanos = sentNanos;
        CompletableFuture<Void> future;
        try {
            future = producer.sendAsync(Optional.ofNullable(key), payload);
        } catch (RuntimeException e) {
            future = CompletableFuture.failedFuture(e);
        }
        if (future.isDone() && !future.isCompletedExceptionally()) {
            // Acknowledged before sendAsync returned (an in-process broker): record it here rather
            // than through a dependent future and a completion object made for every message, and
            // leave the in-flight count alone (two atomic updates a message, a tenth of the sender's time).
            completed(null, sequence, size, sentNanos, delayMicros);
        } else {
            // Counted once sendAsync has returned: a send is in flight from then until its answer,
            // which may come on another thread at any moment (it decrements after this increment).
            inFlight.increment();
            future.whenComplete((ignored, error) -> {
                inFlight.decrement();
                completed(error, sequence, size, sentNanos, delayMicros);
            });
        }
        return true;
    }

    /** The clock reading of the last send: the clock has reached it, so whatever is due by then needs no new reading. */
    long lastSentNanos() {
        return lastSentNanos;
    }

    /**
     * The array the next message goes in: the payload itself when it carries no header, the slot's
     * own copy when the producer {@link CopiesPayload}, otherwise a copy per message, as the driver
     * may still hold the previous one while it is in flight.
     */
    private byte[] payloadToSend(int index) {
        byte[] template = payloads.get(index);
        if (!writeHeader) {
            return template;
        }
        return reused != null ? reused.get(index) : Arrays.copyOf(template, template.length);
    }

    private void completed(Throwable error, long sequence, int size, long sentNanos, long delayMicros) {
        releaseCapacity();
        if (error == null) {
            stats.recordSent(size, (System.nanoTime() - sentNanos) / 1_000, delayMicros);
            ledger.confirmed(sequence);
        } else {
            stats.recordSendError(delayMicros);
            errors.record(error);
        }
    }

    /**
     * Sends a small message that consumers recognise as a probe: it shows that a subscription
     * receives, and is left out of latency and delivery counts.
     */
    CompletableFuture<Void> sendProbe() {
        byte[] payload = new byte[MessageHeader.SIZE];
        MessageHeader.write(payload, ledger.producerId(), probes++, MicrosClock.nowMicros(), true);
        inFlight.increment();
        CompletableFuture<Void> future;
        try {
            future = producer.sendAsync(Optional.ofNullable(keys.next()), payload);
        } catch (RuntimeException e) {
            future = CompletableFuture.failedFuture(e);
        }
        return future.whenComplete((ignored, error) -> {
            inFlight.decrement();
            if (error == null) {
                stats.recordProbeSent();
            } else {
                errors.record(error);
            }
        });
    }
}
