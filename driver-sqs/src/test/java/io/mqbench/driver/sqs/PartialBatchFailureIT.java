package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.DeleteQueueRequest;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SqsException;

/**
 * A batch that SQS takes only in part fails exactly the refused messages. ElasticMQ refuses one
 * entry of a SendMessageBatch when its body has characters SQS does not allow (a per-entry
 * "InvalidMessageContents" in the answer's Failed list); a too large message makes it refuse the
 * whole call, so the driver sends such a message in a call of its own.
 */
class PartialBatchFailureIT {
    @TempDir
    Path dir;

    @Test
    void anEntryWithForbiddenCharactersFailsAloneAndTheRestOfItsBatchIsStored() throws Exception {
        ScheduledExecutorService windows = Executors.newSingleThreadScheduledExecutor();
        try (SqsAsyncClient client = LocalSqs.client(Map.of())) {
            String url = client.createQueue(r -> r.queueName("mqbench-partial-" + System.nanoTime())).join().queueUrl();
            try {
                // A long window, so that the ten messages certainly travel in one SendMessageBatch call.
                SendBatcher batcher = new SendBatcher(client, url, 10, SqsSettings.DEFAULT_MAX_BATCH_BYTES,
                        TimeUnit.SECONDS.toMicros(1), Integer.MAX_VALUE, windows);
                List<CompletableFuture<Void>> sends = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    // U+0001 is outside the characters SQS allows in a body; base64 never produces it,
                    // which is why this test builds the entry itself instead of going through a producer.
                    String body = i == 4 ? "message \u0001 four" : "message " + i;
                    sends.add(batcher.send(SendMessageBatchRequestEntry.builder().messageBody(body)
                            .messageAttributes(MessageCodec.attributes(System.currentTimeMillis())).build()));
                }
                for (int i = 0; i < 10; i++) {
                    CompletableFuture<Void> send = sends.get(i);
                    if (i == 4) {
                        ExecutionException failure = assertThrows(ExecutionException.class, () -> send.get(10, TimeUnit.SECONDS));
                        EntryFailedException refused = assertInstanceOf(EntryFailedException.class, failure.getCause());
                        assertTrue(refused.senderFault());
                        assertTrue(refused.getMessage().contains("InvalidMessageContents"), refused.getMessage());
                    } else {
                        send.get(10, TimeUnit.SECONDS);
                    }
                }
                Set<String> bodies = new TreeSet<>();
                for (int attempt = 0; attempt < 10 && bodies.size() < 9; attempt++) {
                    for (Message m : client.receiveMessage(r -> r.queueUrl(url).maxNumberOfMessages(10).waitTimeSeconds(1))
                            .join().messages()) {
                        bodies.add(m.body());
                    }
                }
                Set<String> expected = new TreeSet<>();
                for (int i = 0; i < 10; i++) {
                    if (i != 4) {
                        expected.add("message " + i);
                    }
                }
                assertEquals(expected, bodies, "the nine others were stored");
            } finally {
                client.deleteQueue(DeleteQueueRequest.builder().queueUrl(url).build()).join();
            }
        } finally {
            windows.shutdownNow();
        }
    }

    @Test
    void aMessageOverTheSizeLimitFailsAloneWhenSentWithOthers() throws Exception {
        String topic = LocalSqs.topic();
        Inbox inbox = new Inbox();
        Random random = new Random(17);
        int oversized = 5;
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, Map.of("sendBatchWindowMs", 200))) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-000-x", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int id = 0; id < 10; id++) {
                // 800 000 bytes are 1 066 668 characters of base64: over SQS's 1 MiB.
                int size = id == oversized ? 800_000 : 1_000;
                sends.add(producer.sendAsync(Optional.empty(), Messages.payload(id, size, random)));
            }
            for (int id = 0; id < 10; id++) {
                CompletableFuture<Void> send = sends.get(id);
                if (id == oversized) {
                    ExecutionException failure = assertThrows(ExecutionException.class, () -> send.get(20, TimeUnit.SECONDS));
                    SqsException refused = assertInstanceOf(SqsException.class, failure.getCause());
                    assertTrue(String.valueOf(refused.getMessage()).contains("MessageTooLong"), refused.getMessage());
                } else {
                    send.get(20, TimeUnit.SECONDS);
                }
            }
            assertEquals(9, Inbox.awaitTotal(9, 20_000, LocalSqs.STRAY_MS, inbox), "received, and no more than sent");
        }
        assertEquals(List.of(0, 1, 2, 3, 4, 6, 7, 8, 9), Messages.ids(inbox).stream().sorted().toList());
    }
}
