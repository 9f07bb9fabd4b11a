package io.mqbench.driver.sqs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequest;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResultEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageRequest;

/**
 * Sends one producer's messages to one queue, in SendMessageBatch calls: a batch goes as soon as it
 * is full (entries or bytes), or when its window has passed since its first message. Every message
 * keeps its own future, completed from its own entry of SQS's answer, so a partly refused batch
 * fails exactly the refused messages. With a batch size of 1 each message is one SendMessage call.
 *
 * <p>At most {@code maxCallsInFlight} calls are unanswered at once. A FIFO queue needs 1: SQS keeps
 * the order of a message group only if its sends do not overlap (two calls on two connections may
 * arrive in either order). Batches cut meanwhile wait their turn, and the open batch keeps filling
 * until a call is answered.
 *
 * <p>A full batch is sent from the caller's thread (the SDK's request marshalling is the producer's
 * own work); a batch whose window ends from the shared window thread; the next batch after an
 * answer from the thread that completed it. None of them waits for an answer.
 */
final class SendBatcher {
    private final SqsAsyncClient client;
    private final String queueUrl;
    private final int maxEntries;
    private final long windowMicros;
    private final int maxCallsInFlight;
    private final ScheduledExecutorService windows;
    private final OpenBatch open;
    private final Queue<List<PendingSend>> waiting = new ArrayDeque<>();
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private int callsInFlight;
    /** Counts the batches cut, so that a window timer of a batch already sent does nothing. */
    private long generation;

    SendBatcher(SqsAsyncClient client, String queueUrl, int maxEntries, int maxBytes, long windowMicros,
                int maxCallsInFlight, ScheduledExecutorService windows) {
        this.client = client;
        this.queueUrl = queueUrl;
        this.maxEntries = maxEntries;
        this.windowMicros = windowMicros;
        this.maxCallsInFlight = maxCallsInFlight;
        this.windows = windows;
        this.open = new OpenBatch(maxEntries, maxBytes);
    }

    String queueUrl() {
        return queueUrl;
    }

    /** Queues the message; the returned future completes when SQS stored it and fails when it did not. */
    CompletableFuture<Void> send(SendMessageBatchRequestEntry entry) {
        PendingSend send = PendingSend.of(entry);
        List<List<PendingSend>> toSend = new ArrayList<>(2);
        synchronized (this) {
            if (!open.fits(send)) {
                admit(cut(), toSend);
            }
            boolean first = open.isEmpty();
            open.add(send);
            if (open.isFull()) {
                admit(cut(), toSend);
            } else if (first && callsInFlight < maxCallsInFlight) {
                scheduleWindow(generation);
            }
        }
        toSend.forEach(this::call);
        return send.done();
    }

    /** Sends what is gathered now, without waiting for the window (it still waits its turn). */
    void flush() {
        List<List<PendingSend>> toSend = new ArrayList<>(1);
        synchronized (this) {
            if (!open.isEmpty()) {
                admit(cut(), toSend);
            }
        }
        toSend.forEach(this::call);
    }

    /** Waits up to the timeout until every batch is sent and answered. */
    void awaitInFlight(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() / 1_000_000 + timeoutMillis;
        while (true) {
            CompletableFuture<?>[] calls = inFlight.toArray(new CompletableFuture<?>[0]);
            if (calls.length == 0) {
                return;
            }
            long left = deadline - System.nanoTime() / 1_000_000;
            if (left <= 0) {
                return;
            }
            try {
                CompletableFuture.allOf(calls).get(left, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                // The failed sends carry their own outcome; batches waiting behind them go on.
            } catch (TimeoutException e) {
                return;
            }
        }
    }

    /** Under the lock: the batch goes now if a call slot is free, otherwise it waits its turn. */
    private void admit(List<PendingSend> batch, List<List<PendingSend>> toSend) {
        if (callsInFlight < maxCallsInFlight) {
            callsInFlight++;
            toSend.add(batch);
        } else {
            waiting.add(batch);
        }
    }

    private List<PendingSend> cut() {
        generation++;
        return open.cut();
    }

    private void scheduleWindow(long batchGeneration) {
        Runnable expire = () -> {
            List<List<PendingSend>> toSend = new ArrayList<>(1);
            synchronized (this) {
                // With every call slot taken the batch keeps filling; the next answer sends it.
                if (generation == batchGeneration && !open.isEmpty() && callsInFlight < maxCallsInFlight) {
                    admit(cut(), toSend);
                }
            }
            toSend.forEach(this::call);
        };
        if (windowMicros == 0) {
            windows.execute(expire);
        } else {
            windows.schedule(expire, windowMicros, TimeUnit.MICROSECONDS);
        }
    }

    /** A call was answered: its slot goes to the next waiting batch, or to the open batch. */
    private void answered() {
        List<PendingSend> next;
        synchronized (this) {
            next = waiting.poll();
            if (next == null && !open.isEmpty() && callsInFlight == maxCallsInFlight) {
                // The open batch was held back for lack of a slot: its window has passed or soon will.
                next = cut();
            }
            if (next == null) {
                callsInFlight--;
                return;
            }
        }
        call(next);
    }

    private void call(List<PendingSend> batch) {
        CompletableFuture<?> call;
        try {
            call = maxEntries == 1 ? sendAlone(batch.get(0)) : sendBatch(batch);
        } catch (RuntimeException e) {
            batch.forEach(send -> send.done().completeExceptionally(e));
            answered();
            return;
        }
        inFlight.add(call);
        call.whenComplete((r, e) -> {
            inFlight.remove(call);
            answered();
        });
    }

    private CompletableFuture<?> sendAlone(PendingSend send) {
        SendMessageBatchRequestEntry entry = send.entry();
        SendMessageRequest request = SendMessageRequest.builder()
                .queueUrl(queueUrl)
                .messageBody(entry.messageBody())
                .messageAttributes(entry.messageAttributes())
                .messageGroupId(entry.messageGroupId())
                .messageDeduplicationId(entry.messageDeduplicationId())
                .build();
        return client.sendMessage(request).whenComplete((response, error) -> {
            if (error != null) {
                send.done().completeExceptionally(unwrap(error));
            } else {
                send.done().complete(null);
            }
        });
    }

    private CompletableFuture<?> sendBatch(List<PendingSend> batch) {
        List<SendMessageBatchRequestEntry> entries = new ArrayList<>(batch.size());
        Map<String, PendingSend> byId = new HashMap<>();
        for (int i = 0; i < batch.size(); i++) {
            String id = Integer.toString(i);
            entries.add(batch.get(i).entry().toBuilder().id(id).build());
            byId.put(id, batch.get(i));
        }
        SendMessageBatchRequest request = SendMessageBatchRequest.builder().queueUrl(queueUrl).entries(entries).build();
        return client.sendMessageBatch(request).whenComplete((response, error) -> {
            if (error != null) {
                Throwable cause = unwrap(error);
                batch.forEach(send -> send.done().completeExceptionally(cause));
            } else {
                settle(response, byId);
            }
        });
    }

    /** Completes each message from its own entry of the answer. */
    static void settle(SendMessageBatchResponse response, Map<String, PendingSend> byId) {
        Map<String, PendingSend> unanswered = new HashMap<>(byId);
        for (SendMessageBatchResultEntry ok : response.successful()) {
            PendingSend send = unanswered.remove(ok.id());
            if (send != null) {
                send.done().complete(null);
            }
        }
        for (BatchResultErrorEntry failed : response.failed()) {
            PendingSend send = unanswered.remove(failed.id());
            if (send != null) {
                send.done().completeExceptionally(new EntryFailedException(failed));
            }
        }
        for (PendingSend send : unanswered.values()) {
            send.done().completeExceptionally(
                    new IllegalStateException("SQS answered the batch without a result for this message"));
        }
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
