package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.CreateQueueRequest;
import software.amazon.awssdk.services.sqs.model.DeleteQueueRequest;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/** FIFO queues on ElasticMQ: order per key (message group), deduplication ids. */
class FifoIT {
    private static final Map<String, Object> FIFO = Map.of("queueType", "fifo");

    @TempDir
    Path dir;

    @Test
    void eachKeyKeepsItsOrderAcrossTwoConsumers() throws Exception {
        int messages = 600;
        int keys = 6;
        String topic = LocalSqs.topic();
        Inbox first = new Inbox();
        Inbox second = new Inbox();
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, FIFO)) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-000-x", first).get();
            driver.createConsumer(topic, "sub-000-x", second).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            Random random = new Random(11);
            for (int id = 0; id < messages; id++) {
                sends.add(producer.sendAsync(Optional.of("key-" + (id % keys)), Messages.payload(id, 64, random)));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
            assertEquals(messages, Inbox.awaitTotal(messages, 60_000, LocalSqs.STRAY_MS, first, second),
                    "received, and no more than sent");
        }
        // A key's messages may be split between the consumers, but SQS hands a group to one consumer
        // at a time, so in the order of arrival over both inboxes each key's numbers still rise.
        List<long[]> arrivals = new ArrayList<>();
        for (Inbox inbox : List.of(first, second)) {
            List<Integer> ids = Messages.ids(inbox);
            List<Long> times = inbox.arrivalNanos();
            for (int i = 0; i < ids.size(); i++) {
                arrivals.add(new long[] {times.get(i), ids.get(i)});
            }
        }
        arrivals.sort((a, b) -> Long.compare(a[0], b[0]));
        Map<Long, Long> lastPerKey = new HashMap<>();
        for (long[] arrival : arrivals) {
            long id = arrival[1];
            Long previous = lastPerKey.put(id % keys, id);
            assertTrue(previous == null || previous < id, "key-" + (id % keys) + ": message " + id + " after " + previous);
        }
        assertEquals(messages, arrivals.stream().mapToLong(a -> a[1]).distinct().count(), "each message once");
        assertTrue(first.count() > 0 && second.count() > 0, "both consumers got groups: " + first.count() + " + " + second.count());
    }

    @Test
    void withoutAKeyAProducerKeepsItsOrder() throws Exception {
        String topic = LocalSqs.topic();
        Inbox inbox = new Inbox();
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, FIFO)) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-000-x", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            Random random = new Random(13);
            for (int id = 0; id < 300; id++) {
                sends.add(producer.sendAsync(Optional.empty(), Messages.payload(id, 64, random)));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
            assertEquals(300, Inbox.awaitTotal(300, 30_000, LocalSqs.STRAY_MS, inbox), "received, and no more than sent");
        }
        List<Integer> expected = new ArrayList<>();
        for (int id = 0; id < 300; id++) {
            expected.add(id);
        }
        assertEquals(expected, Messages.ids(inbox), "one group per producer: send order");
    }

    @Test
    void identicalPayloadsAreAllDeliveredBecauseEachMessageHasItsOwnDeduplicationId() throws Exception {
        String topic = LocalSqs.topic();
        Inbox inbox = new Inbox();
        byte[] same = "the same body every time".getBytes();
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, FIFO)) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-000-x", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                sends.add(producer.sendAsync(Optional.of("k"), same));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
            assertEquals(100, Inbox.awaitTotal(100, 30_000, LocalSqs.STRAY_MS, inbox), "received, and no more than sent");
        }
    }

    @Test
    void contentBasedDeduplicationCollapsesIdenticalPayloads() throws Exception {
        String topic = LocalSqs.topic();
        Inbox inbox = new Inbox();
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, Map.of("queueType", "fifo", "contentBasedDeduplication", true))) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-000-x", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            for (int i = 0; i < 5; i++) {
                producer.sendAsync(Optional.of("k"), "same".getBytes()).get(10, TimeUnit.SECONDS);
            }
            producer.sendAsync(Optional.of("k"), "other".getBytes()).get(10, TimeUnit.SECONDS);
            assertEquals(2, Inbox.awaitTotal(2, 20_000, LocalSqs.STRAY_MS, inbox), "received, and no more than sent");
        }
    }

    /** What the driver's ids are for: a call repeated (as the SDK repeats one whose answer was lost) is stored once. */
    @Test
    void aMessageSentAgainWithTheSameDeduplicationIdIsStoredOnce() throws Exception {
        try (SqsAsyncClient client = LocalSqs.client(FIFO)) {
            String url = client.createQueue(CreateQueueRequest.builder().queueName("mqbench-dedup-" + System.nanoTime() + ".fifo")
                    .attributes(Map.of(QueueAttributeName.FIFO_QUEUE, "true")).build()).join().queueUrl();
            ScheduledExecutorService windows = Executors.newSingleThreadScheduledExecutor();
            try {
                SendBatcher batcher = new SendBatcher(client, url, 10, SqsSettings.DEFAULT_MAX_BATCH_BYTES, 0, 1, windows);
                FifoIds ids = new FifoIds();
                SendMessageBatchRequestEntry entry = SendMessageBatchRequestEntry.builder()
                        .messageBody(MessageCodec.encodeBody(new byte[] {42}))
                        .messageAttributes(MessageCodec.attributes(System.currentTimeMillis()))
                        .messageGroupId(ids.groupId(Optional.empty()))
                        .messageDeduplicationId(ids.nextDeduplicationId()).build();
                batcher.send(entry).get(10, TimeUnit.SECONDS);
                batcher.send(entry).get(10, TimeUnit.SECONDS);
                var received = client.receiveMessage(r -> r.queueUrl(url).maxNumberOfMessages(10).waitTimeSeconds(2)).join();
                assertEquals(1, received.messages().size(), "the repeated send was dropped by SQS");
            } finally {
                windows.shutdownNow();
                client.deleteQueue(DeleteQueueRequest.builder().queueUrl(url).build()).join();
            }
        }
    }
}
