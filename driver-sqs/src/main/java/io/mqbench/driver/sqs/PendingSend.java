package io.mqbench.driver.sqs;

import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * One message for one queue, waiting in a {@link SendBatcher}: the entry without its batch id (given
 * when the batch is cut), its size as SQS counts it, and the future that tells the producer's
 * caller how SQS answered for this very message.
 */
record PendingSend(SendMessageBatchRequestEntry entry, int bytes, CompletableFuture<Void> done) {

    static PendingSend of(SendMessageBatchRequestEntry entry) {
        int bytes = MessageCodec.sizeOf(entry.messageBody(), entry.messageAttributes());
        return new PendingSend(entry, bytes, new CompletableFuture<>());
    }
}
