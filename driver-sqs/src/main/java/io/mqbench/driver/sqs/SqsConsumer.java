package io.mqbench.driver.sqs;

import io.mqbench.driver.support.ErrorText;
import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.support.PauseGate;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageRequest;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageResponse;

/**
 * One consumer of a subscription's queue: a thread of its own (mqperf's receiver thread) that
 * receives a batch (long polling), hands each message to the harness's callback and then deletes
 * the batch. Several consumers of one subscription poll the same queue; SQS hides a received
 * message from the others for the visibility timeout, so they share the messages.
 *
 * <p>A message whose callback throws is not deleted: SQS delivers it again after the visibility
 * timeout, as it would for an application that failed to process it.
 *
 * <p>On a standard queue the next receive does not wait for the deletes. On a FIFO queue it does:
 * SQS holds back a message group while some of its messages are received and not deleted, so a
 * receive sent before the deletes are answered may find nothing and long-poll in vain.
 */
final class SqsConsumer implements BenchmarkConsumer, PausableConsumer {
    private static final Logger log = LoggerFactory.getLogger(SqsConsumer.class);
    private static final long RETRY_PAUSE_MILLIS = 1_000;
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final String name;
    private final SqsAsyncClient client;
    private final String queueUrl;
    private final ReceiveMessageRequest request;
    private final ConsumerCallback callback;
    private final Deletions deletions;
    private final boolean deleteBeforeNextReceive;
    private final Thread thread;
    private final PauseGate gate = new PauseGate();
    private volatile boolean running = true;
    private volatile CompletableFuture<ReceiveMessageResponse> receiving;
    private long receiveErrors;
    private long callbackErrors;

    SqsConsumer(String name, SqsAsyncClient client, String queueUrl, SqsSettings settings, ConsumerCallback callback) {
        this.name = name;
        this.client = client;
        this.queueUrl = queueUrl;
        this.callback = callback;
        this.request = ReceiveMessageRequest.builder()
                .queueUrl(queueUrl)
                .maxNumberOfMessages(settings.receiveBatchSize)
                .waitTimeSeconds(settings.waitTimeSeconds)
                .messageAttributeNames(MessageCodec.PUBLISH_MILLIS_ATTRIBUTE)
                .build();
        this.deletions = new Deletions(client, queueUrl, settings.deleteBatchSize, name);
        this.deleteBeforeNextReceive = settings.fifo();
        this.thread = new Thread(this::receiveLoop, name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    String queueUrl() {
        return queueUrl;
    }

    private void receiveLoop() {
        while (running) {
            if (!awaitResumed()) {
                return;
            }
            ReceiveMessageResponse response = receive();
            if (response != null) {
                deliver(response.messages());
            }
        }
    }

    /** One ReceiveMessage call; null when it failed or was cancelled by close. */
    private ReceiveMessageResponse receive() {
        CompletableFuture<ReceiveMessageResponse> call;
        try {
            call = client.receiveMessage(request);
        } catch (RuntimeException e) {
            // The SDK reports failures through the future; should it throw instead, treat it the same.
            call = CompletableFuture.failedFuture(e);
        }
        receiving = call;
        if (!running) {
            call.cancel(true);
        }
        try {
            return call.get();
        } catch (CancellationException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
            return null;
        } catch (ExecutionException e) {
            if (running) {
                receiveFailed(e);
            }
            return null;
        }
    }

    private void receiveFailed(ExecutionException e) {
        receiveErrors++;
        if (receiveErrors == 1 || receiveErrors % 100 == 0) {
            log.warn("{}: receive failed ({} so far), trying again in {} ms: {}", name, receiveErrors,
                    RETRY_PAUSE_MILLIS, ErrorText.describe(e));
        }
        try {
            Thread.sleep(RETRY_PAUSE_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    private void deliver(List<Message> messages) {
        if (messages.isEmpty()) {
            return;
        }
        List<String> processed = new ArrayList<>(messages.size());
        for (Message message : messages) {
            byte[] payload = MessageCodec.decodeBody(message.body());
            long publishMillis = MessageCodec.publishMillis(message.messageAttributes(), System.currentTimeMillis());
            try {
                callback.messageReceived(payload, publishMillis);
                processed.add(message.receiptHandle());
            } catch (RuntimeException e) {
                callbackErrors++;
                if (callbackErrors == 1 || callbackErrors % 1000 == 0) {
                    log.warn("{}: the callback failed ({} so far); the message is not deleted and comes back after"
                            + " the visibility timeout: {}", name, callbackErrors, e.toString());
                }
            }
        }
        CompletableFuture<Void> deleted = deletions.delete(processed);
        if (deleteBeforeNextReceive) {
            try {
                deleted.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
            } catch (ExecutionException e) {
                // Counted and logged by the deletions; the message comes back after the visibility timeout.
            }
        }
    }

    /** Blocks while paused; false when the consumer closed meanwhile. */
    private boolean awaitResumed() {
        try {
            return gate.awaitResumed() && running;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Stops receiving after the call in flight; its messages are still delivered. */
    @Override
    public void pause() {
        gate.pause();
    }

    @Override
    public void resume() {
        gate.resume();
    }

    @Override
    public void close() {
        running = false;
        gate.close();
        CompletableFuture<ReceiveMessageResponse> call = receiving;
        if (call != null) {
            // A long poll would otherwise hold close for up to waitTimeSeconds.
            call.cancel(true);
        }
        try {
            thread.join(CLOSE_WAIT_MILLIS);
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(CLOSE_WAIT_MILLIS);
            }
            deletions.awaitInFlight(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            // Whoever interrupted wants the close over: stop waiting, leave the flag for them.
            thread.interrupt();
            Thread.currentThread().interrupt();
        }
        if (deletions.failedCount() > 0 || callbackErrors > 0) {
            log.info("{}: {} delete(s) failed, {} callback error(s)", name, deletions.failedCount(), callbackErrors);
        }
    }
}
