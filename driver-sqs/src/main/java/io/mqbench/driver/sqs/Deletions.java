package io.mqbench.driver.sqs;

import io.mqbench.driver.support.ErrorText;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequest;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.DeleteMessageRequest;

/**
 * A consumer's acknowledgements: SQS forgets a message only when it is deleted by its receipt
 * handle. Deletes go out without waiting for their answer (like mqperf's asynchronous acks), in
 * DeleteMessageBatch calls of at most {@code batchSize} handles, or one DeleteMessage each with a
 * batch size of 1. A delete that fails leaves the message to reappear after the visibility timeout:
 * the harness then counts it as duplicated, and the log says why.
 */
final class Deletions {
    private static final Logger log = LoggerFactory.getLogger(Deletions.class);

    private final SqsAsyncClient client;
    private final String queueUrl;
    private final int batchSize;
    private final String owner;
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private final AtomicLong failed = new AtomicLong();

    Deletions(SqsAsyncClient client, String queueUrl, int batchSize, String owner) {
        this.client = client;
        this.queueUrl = queueUrl;
        this.batchSize = batchSize;
        this.owner = owner;
    }

    /**
     * Deletes the messages of these receipt handles (a received batch, in order); the future
     * completes when SQS answered every call, whatever the answer (failures are counted here).
     */
    CompletableFuture<Void> delete(List<String> receiptHandles) {
        List<CompletableFuture<?>> calls = new ArrayList<>();
        for (int from = 0; from < receiptHandles.size(); from += batchSize) {
            List<String> chunk = receiptHandles.subList(from, Math.min(receiptHandles.size(), from + batchSize));
            calls.add(batchSize == 1 ? deleteOne(chunk.get(0)) : deleteBatch(chunk));
        }
        return CompletableFuture.allOf(calls.stream().map(call -> call.handle((r, e) -> null))
                .toArray(CompletableFuture<?>[]::new));
    }

    private CompletableFuture<?> deleteOne(String handle) {
        return track(client.deleteMessage(DeleteMessageRequest.builder().queueUrl(queueUrl).receiptHandle(handle).build()))
                .whenComplete((response, error) -> {
                    if (error != null) {
                        failed(1, ErrorText.describe(error));
                    }
                });
    }

    private CompletableFuture<?> deleteBatch(List<String> handles) {
        List<DeleteMessageBatchRequestEntry> entries = new ArrayList<>(handles.size());
        for (int i = 0; i < handles.size(); i++) {
            entries.add(DeleteMessageBatchRequestEntry.builder().id(Integer.toString(i)).receiptHandle(handles.get(i)).build());
        }
        return track(client.deleteMessageBatch(DeleteMessageBatchRequest.builder().queueUrl(queueUrl).entries(entries).build()))
                .whenComplete((response, error) -> {
                    if (error != null) {
                        failed(handles.size(), ErrorText.describe(error));
                    } else if (!response.failed().isEmpty()) {
                        failed(response.failed().size(), response.failed().get(0).code() + " "
                                + response.failed().get(0).message());
                    }
                });
    }

    private void failed(int messages, String reason) {
        long before = failed.getAndAdd(messages);
        // The first failure and then one line per 1 000 failed deletes: enough to see it, not a flood.
        if (before == 0 || before / 1000 != (before + messages) / 1000) {
            log.warn("{}: {} message(s) not deleted ({} in all); they reappear after the visibility timeout: {}",
                    owner, messages, before + messages, reason);
        }
    }

    long failedCount() {
        return failed.get();
    }

    /** Waits up to the timeout for the deletes in flight, so a closed consumer leaves nothing to reappear. */
    void awaitInFlight(long timeoutMillis) throws InterruptedException {
        try {
            CompletableFuture.allOf(inFlight.toArray(new CompletableFuture<?>[0])).get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // Counted and logged where they failed.
        }
    }

    private <T> CompletableFuture<T> track(CompletableFuture<T> call) {
        inFlight.add(call);
        call.whenComplete((r, e) -> inFlight.remove(call));
        return call;
    }
}
