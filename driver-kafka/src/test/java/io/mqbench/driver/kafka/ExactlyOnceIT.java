package io.mqbench.driver.kafka;

import static io.mqbench.driver.kafka.TestSupport.await;
import static io.mqbench.driver.kafka.TestSupport.payload;
import static io.mqbench.driver.kafka.TestSupport.uniqueName;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.kafka.TestSupport.Recorder;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** kafka-exactly-once.yaml against the real broker: transactions commit, aborted ones stay invisible. */
class ExactlyOnceIT {
    private final KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();

    @AfterEach
    void close() {
        driver.close();
    }

    private static KafkaSettings exactlyOnce(int commitEveryMessages, int commitEveryMs) throws Exception {
        KafkaSettings settings = KafkaSettings.read(new File("kafka-exactly-once.yaml"));
        settings.transactions.commitEveryMessages = commitEveryMessages;
        settings.transactions.commitEveryMs = commitEveryMs;
        return settings;
    }

    @Test
    void transactionsCommitAndEveryMessageArrivesOnce() throws Exception {
        driver.initialize(exactlyOnce(1000, 10));
        String topic = uniqueName("eos");
        driver.createTopic(topic, 2).get(60, TimeUnit.SECONDS);
        Recorder recorder = new Recorder();
        KafkaBenchmarkConsumer consumer = (KafkaBenchmarkConsumer) driver.createConsumer(topic, uniqueName("sub"), recorder).get();
        await(() -> consumer.assignment().size() == 2, 30_000, () -> "assignment");
        BenchmarkProducer producer = driver.createProducer(topic).get();
        int messages = 5000;
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            sends.add(producer.sendAsync(Optional.of("key-" + (i % 50)), payload(i, 512)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
        await(() -> recorder.count() >= messages, 30_000, () -> "received " + recorder.count());
        Thread.sleep(300);
        assertEquals(messages, recorder.count(), "no duplicates");
        assertEquals(messages, new HashSet<>(recorder.indexes).size(), "every message");

        // Commit markers take offsets too: more offsets than records proves the sends were transactional.
        long offsets = endOffsets(topic, 2);
        assertTrue(offsets > messages, "end offsets " + offsets + " include transaction markers beyond " + messages + " records");
        assertTrue(offsets - messages >= messages / 1000, "at least one commit per 1000 messages: " + (offsets - messages) + " markers");
    }

    @Test
    void aSendCompletesOnlyOnceItsTransactionCommitted() throws Exception {
        driver.initialize(exactlyOnce(1000, 400));
        String topic = uniqueName("eos-wait");
        driver.createTopic(topic, 1).get(60, TimeUnit.SECONDS);
        BenchmarkProducer producer = driver.createProducer(topic).get();
        producer.sendAsync(Optional.empty(), payload(0, 64)).get(30, TimeUnit.SECONDS); // warm the connections
        long start = System.nanoTime();
        producer.sendAsync(Optional.empty(), payload(1, 64)).get(30, TimeUnit.SECONDS);
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(waitedMillis >= 390, "a lone message waits for its transaction's 400 ms window and commit: " + waitedMillis + " ms");
        assertEquals(2, readCommitted(topic, 1, 2).size());
    }

    @Test
    void aReadCommittedConsumerNeverSeesAnAbortedTransaction() throws Exception {
        // A wide window, so the good messages and the refused one share one transaction.
        driver.initialize(exactlyOnce(10_000, 1_000));
        String topic = uniqueName("eos-abort");
        driver.createTopic(topic, 1).get(60, TimeUnit.SECONDS);
        Recorder recorder = new Recorder();
        KafkaBenchmarkConsumer consumer = (KafkaBenchmarkConsumer) driver.createConsumer(topic, uniqueName("sub"), recorder).get();
        await(() -> consumer.assignment().size() == 1, 30_000, () -> "assignment");
        BenchmarkProducer producer = driver.createProducer(topic).get();

        List<CompletableFuture<Void>> doomed = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            doomed.add(producer.sendAsync(Optional.empty(), payload(i, 256)));
        }
        // Let the client ship them to the broker inside the open transaction (records still in the
        // client's buffer at abort time are dropped there and never written at all).
        Thread.sleep(200);
        doomed.add(producer.sendAsync(Optional.empty(), new byte[2 * 1024 * 1024])); // above max.request.size
        for (CompletableFuture<Void> send : doomed) {
            ExecutionException error = assertThrows(ExecutionException.class, () -> send.get(30, TimeUnit.SECONDS));
            assertInstanceOf(KafkaException.class, error.getCause());
            assertInstanceOf(RecordTooLargeException.class, error.getCause().getCause(), "the abort names the failed send");
        }

        // The producer goes on after the abort.
        List<CompletableFuture<Void>> kept = new ArrayList<>();
        for (int i = 100; i < 110; i++) {
            kept.add(producer.sendAsync(Optional.empty(), payload(i, 256)));
        }
        CompletableFuture.allOf(kept.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
        await(() -> recorder.count() >= 10, 30_000, () -> "received " + recorder.count());
        Thread.sleep(500);
        Set<Integer> committed = IntStream.range(100, 110).boxed().collect(Collectors.toSet());
        assertEquals(committed, new HashSet<>(recorder.indexes), "read_committed: only the committed transaction");
        assertEquals(10, recorder.count());

        // The aborted records were written: a read_uncommitted reader sees them, so the test above means something.
        List<Integer> uncommitted = read(topic, 1, 60, "read_uncommitted");
        assertEquals(60, uncommitted.size(), "read_uncommitted sees the 50 aborted and the 10 committed records");
        assertTrue(uncommitted.containsAll(IntStream.range(0, 50).boxed().toList()));
    }

    private static List<Integer> readCommitted(String topic, int partitions, int expected) {
        return read(topic, partitions, expected, "read_committed");
    }

    private static List<Integer> read(String topic, int partitions, int expected, String isolation) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestSupport.BOOTSTRAP);
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<Integer> indexes = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties)) {
            List<TopicPartition> all = IntStream.range(0, partitions).mapToObj(p -> new TopicPartition(topic, p)).toList();
            consumer.assign(all);
            consumer.seekToBeginning(all);
            long deadline = System.currentTimeMillis() + 10_000;
            while (indexes.size() < expected && System.currentTimeMillis() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> indexes.add(TestSupport.indexOf(record.value())));
            }
            consumer.poll(Duration.ofMillis(300)).forEach(record -> indexes.add(TestSupport.indexOf(record.value())));
        }
        return indexes;
    }

    private static long endOffsets(String topic, int partitions) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestSupport.BOOTSTRAP);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties)) {
            List<TopicPartition> all = IntStream.range(0, partitions).mapToObj(p -> new TopicPartition(topic, p)).toList();
            return consumer.endOffsets(all).values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
