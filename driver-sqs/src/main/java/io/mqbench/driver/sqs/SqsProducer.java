package io.mqbench.driver.sqs;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * A producer of one topic. SQS has no fan-out, so each message is sent to every subscription's queue
 * of the topic (one {@link SendBatcher} per queue), and the send completes when every queue stored
 * it; it fails when any did not.
 */
final class SqsProducer implements BenchmarkProducer {
    private static final long DRAIN_MILLIS = 5_000;

    private final List<SendBatcher> queues;
    private final FifoIds fifoIds;
    private final boolean explicitDeduplication;

    /**
     * @param fifoIds ids for FIFO queues, or null for standard queues
     * @param explicitDeduplication send the driver's deduplication ids (FIFO without content-based deduplication)
     */
    SqsProducer(List<SendBatcher> queues, FifoIds fifoIds, boolean explicitDeduplication) {
        this.queues = List.copyOf(queues);
        this.fifoIds = fifoIds;
        this.explicitDeduplication = explicitDeduplication;
    }

    List<String> queueUrls() {
        return queues.stream().map(SendBatcher::queueUrl).toList();
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        SendMessageBatchRequestEntry entry;
        try {
            entry = entry(key, payload);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (queues.size() == 1) {
            return queues.get(0).send(entry);
        }
        CompletableFuture<?>[] sends = new CompletableFuture<?>[queues.size()];
        for (int i = 0; i < sends.length; i++) {
            sends[i] = queues.get(i).send(entry);
        }
        return CompletableFuture.allOf(sends);
    }

    private SendMessageBatchRequestEntry entry(Optional<String> key, byte[] payload) {
        SendMessageBatchRequestEntry.Builder entry = SendMessageBatchRequestEntry.builder()
                .messageBody(MessageCodec.encodeBody(payload))
                .messageAttributes(MessageCodec.attributes(System.currentTimeMillis()));
        if (fifoIds != null) {
            entry.messageGroupId(fifoIds.groupId(key));
            if (explicitDeduplication) {
                // One id for all the topic's queues: deduplication is per queue.
                entry.messageDeduplicationId(fifoIds.nextDeduplicationId());
            }
        }
        return entry.build();
    }

    /** Sends what is still gathered and waits a little for the answers, so no send is left open. */
    @Override
    public void close() {
        queues.forEach(SendBatcher::flush);
        long deadline = System.currentTimeMillis() + DRAIN_MILLIS;
        try {
            for (SendBatcher queue : queues) {
                queue.awaitInFlight(Math.max(0, deadline - System.currentTimeMillis()));
            }
        } catch (InterruptedException e) {
            // Whoever interrupted wants the close over: stop waiting, leave the flag for them.
            Thread.currentThread().interrupt();
        }
    }
}
