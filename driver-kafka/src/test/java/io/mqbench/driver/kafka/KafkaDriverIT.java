package io.mqbench.driver.kafka;

import static io.mqbench.driver.kafka.TestSupport.await;
import static io.mqbench.driver.kafka.TestSupport.payload;
import static io.mqbench.driver.kafka.TestSupport.uniqueName;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.kafka.TestSupport.Recorder;
import io.mqbench.worker.KeyDistributor;
import io.mqbench.workload.KeyDistributorType;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The driver against the real local broker (bin/brokers start kafka). */
class KafkaDriverIT {
    private final List<KafkaBenchmarkDriver> drivers = new ArrayList<>();
    private final Admin admin = TestSupport.admin();

    @AfterEach
    void closeEverything() {
        drivers.forEach(KafkaBenchmarkDriver::close);
        admin.close();
    }

    private KafkaBenchmarkDriver driver(KafkaSettings settings) throws IOException {
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        drivers.add(driver);
        driver.initialize(settings);
        return driver;
    }

    @Test
    void everySubscriptionGetsEveryMessageAndOneSubscriptionsConsumersSplitThePartitions() throws Exception {
        KafkaBenchmarkDriver driver = driver(TestSupport.localSettings());
        String topic = uniqueName("fanout");
        driver.createTopic(topic, 4).get(60, TimeUnit.SECONDS);
        Recorder a1 = new Recorder();
        Recorder a2 = new Recorder();
        Recorder b = new Recorder();
        String subscriptionA = uniqueName("sub-a");
        KafkaBenchmarkConsumer consumerA1 = (KafkaBenchmarkConsumer) driver.createConsumer(topic, subscriptionA, a1).get();
        KafkaBenchmarkConsumer consumerA2 = (KafkaBenchmarkConsumer) driver.createConsumer(topic, subscriptionA, a2).get();
        KafkaBenchmarkConsumer consumerB = (KafkaBenchmarkConsumer) driver.createConsumer(topic, uniqueName("sub-b"), b).get();
        await(() -> consumerA1.assignment().size() == 2 && consumerA2.assignment().size() == 2 && consumerB.assignment().size() == 4,
                30_000, () -> "assignments " + consumerA1.assignment() + " / " + consumerA2.assignment() + " / " + consumerB.assignment());
        Set<TopicPartition> both = new HashSet<>(consumerA1.assignment());
        both.addAll(consumerA2.assignment());
        assertEquals(4, both.size(), "the two consumers of subscription A hold different partitions");

        // The harness's KEY_ROUND_ROBIN keys; 1 000 of them, each used 10 times, so a key's
        // messages must all land on one partition and keep their order there.
        KeyDistributor distributor = KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN);
        List<String> keys = IntStream.range(0, 1000).mapToObj(i -> distributor.next()).toList();
        int messages = 10_000;
        long sendStartMillis = System.currentTimeMillis();
        BenchmarkProducer producer = driver.createProducer(topic).get();
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            sends.add(producer.sendAsync(Optional.of(keys.get(i % keys.size())), payload(i, 1024)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
        await(() -> a1.count() + a2.count() >= messages && b.count() >= messages, 60_000,
                () -> "received A " + (a1.count() + a2.count()) + ", B " + b.count());
        Thread.sleep(500); // anything extra (a duplicate) would arrive now

        List<Integer> receivedByA = new ArrayList<>(a1.indexesSnapshot());
        receivedByA.addAll(a2.indexesSnapshot());
        assertEquals(messages, receivedByA.size(), "subscription A: no duplicates");
        assertEquals(messages, new HashSet<>(receivedByA).size(), "subscription A: every message once");
        assertEquals(messages, b.count(), "subscription B: no duplicates");
        assertEquals(messages, new HashSet<>(b.indexesSnapshot()).size(), "subscription B: every message once");
        assertFalse(a1.indexes.isEmpty() || a2.indexes.isEmpty(), "both consumers of A got a share");

        // Where each message really went, read straight from the partitions.
        Map<Integer, ConsumerRecord<String, byte[]>> stored = readAll(topic, 4, messages);
        Map<String, Set<Integer>> partitionsOfKey = new HashMap<>();
        for (ConsumerRecord<String, byte[]> record : stored.values()) {
            partitionsOfKey.computeIfAbsent(record.key(), k -> new TreeSet<>()).add(record.partition());
            int expected = BuiltInPartitioner.partitionForKey(record.key().getBytes(StandardCharsets.UTF_8), 4);
            assertEquals(expected, record.partition(), "key " + record.key() + " on its murmur2 partition");
        }
        assertEquals(keys.size(), partitionsOfKey.size());
        partitionsOfKey.forEach((key, partitions) -> assertEquals(1, partitions.size(), key + " on " + partitions));
        assertEquals(4, stored.values().stream().map(ConsumerRecord::partition).distinct().count(), "keys spread over all 4");

        for (Recorder recorder : List.of(a1, a2, b)) {
            KafkaBenchmarkConsumer owner = recorder == a1 ? consumerA1 : recorder == a2 ? consumerA2 : consumerB;
            Map<Integer, Integer> lastIndexOfPartition = new HashMap<>();
            for (int n = 0; n < recorder.count(); n++) {
                int index = recorder.indexes.get(n);
                ConsumerRecord<String, byte[]> record = stored.get(index);
                assertTrue(owner.assignment().contains(new TopicPartition(topic, record.partition())),
                        "message " + index + " came from a partition this consumer holds");
                Integer previous = lastIndexOfPartition.put(record.partition(), index);
                assertTrue(previous == null || previous < index, "partition order kept: " + previous + " then " + index);
                assertEquals(record.timestamp(), recorder.timestamps.get(n), "the callback gets the record timestamp");
                assertArrayEquals(payload(index, 1024), recorder.payloads.get(n), "payload bytes unchanged");
            }
            // A copy per message is 1 KiB of garbage per message for the poll thread's collector.
            assertEquals(recorder.count(), recorder.views, "every value a view of the fetched bytes, not a copy");
        }
        long firstTimestamp = stored.values().stream().mapToLong(ConsumerRecord::timestamp).min().orElseThrow();
        assertTrue(firstTimestamp >= sendStartMillis && firstTimestamp <= System.currentTimeMillis(),
                "record timestamps are send times in epoch ms");
    }

    /** Reads every record of a topic from the beginning, by payload index. */
    private static Map<Integer, ConsumerRecord<String, byte[]>> readAll(String topic, int partitions, int expected) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestSupport.BOOTSTRAP);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        Map<Integer, ConsumerRecord<String, byte[]>> byIndex = new HashMap<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(properties)) {
            List<TopicPartition> all = IntStream.range(0, partitions).mapToObj(p -> new TopicPartition(topic, p)).toList();
            consumer.assign(all);
            consumer.seekToBeginning(all);
            long deadline = System.currentTimeMillis() + 30_000;
            while (byIndex.size() < expected && System.currentTimeMillis() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> byIndex.put(TestSupport.indexOf(record.value()), record));
            }
        }
        assertEquals(expected, byIndex.size(), "records stored in the topic");
        return byIndex;
    }

    @Test
    void aPausedConsumerReceivesNothingUntilResumed() throws Exception {
        KafkaBenchmarkDriver driver = driver(TestSupport.localSettings());
        String topic = uniqueName("pause");
        driver.createTopic(topic, 2).get(60, TimeUnit.SECONDS);
        Recorder recorder = new Recorder();
        KafkaBenchmarkConsumer consumer = (KafkaBenchmarkConsumer) driver.createConsumer(topic, uniqueName("sub"), recorder).get();
        await(() -> consumer.assignment().size() == 2, 30_000, () -> "assignment " + consumer.assignment());
        BenchmarkProducer producer = driver.createProducer(topic).get();
        producer.sendAsync(Optional.empty(), payload(0, 100)).get(30, TimeUnit.SECONDS);
        await(() -> recorder.count() == 1, 30_000, () -> "first message");

        consumer.pause();
        Thread.sleep(300); // the poll loop applies the request within one poll (50 ms)
        for (int i = 1; i <= 500; i++) {
            producer.sendAsync(Optional.empty(), payload(i, 100)).get(30, TimeUnit.SECONDS);
        }
        Thread.sleep(1_500);
        assertEquals(1, recorder.count(), "nothing delivered while paused");

        consumer.resume();
        await(() -> recorder.count() == 501, 30_000, () -> "after resume: " + recorder.count());
        assertEquals(IntStream.rangeClosed(0, 500).boxed().collect(Collectors.toSet()), new HashSet<>(recorder.indexes));
    }

    @Test
    void aSendTheBrokerRefusesFailsItsFutureWithTheClientsError() throws Exception {
        KafkaBenchmarkDriver driver = driver(TestSupport.localSettings());
        String topic = uniqueName("errors");
        driver.createTopic(topic, 1).get(60, TimeUnit.SECONDS);
        BenchmarkProducer producer = driver.createProducer(topic).get();
        CompletableFuture<Void> tooLarge = producer.sendAsync(Optional.empty(), new byte[2 * 1024 * 1024]);
        ExecutionException error = assertThrows(ExecutionException.class, () -> tooLarge.get(30, TimeUnit.SECONDS));
        assertInstanceOf(RecordTooLargeException.class, error.getCause());
        producer.sendAsync(Optional.empty(), payload(1, 100)).get(30, TimeUnit.SECONDS);
    }

    @Test
    void topicsGetTheirPartitionsAndConfigAndResetDeletesThemAndTheGroups() throws Exception {
        KafkaSettings settings = TestSupport.localSettings();
        settings.topicConfig = "retention.ms=3600000\nmin.insync.replicas=1\n";
        KafkaBenchmarkDriver driver = driver(settings);
        String topic = uniqueName("config");
        driver.createTopic(topic, 6).get(60, TimeUnit.SECONDS);
        TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
        assertEquals(6, description.partitions().size());
        description.partitions().forEach(p -> assertTrue(p.leader() != null && !p.leader().isEmpty(), "leader of " + p.partition()));
        assertEquals(1, description.partitions().get(0).replicas().size(), "replicationFactor 1");
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Config config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
        assertEquals("3600000", config.get("retention.ms").value());

        String group = uniqueName("sub");
        Recorder recorder = new Recorder();
        driver.createConsumer(topic, group, recorder).get();
        driver.createProducer(topic).get().sendAsync(Optional.empty(), payload(7, 64)).get(30, TimeUnit.SECONDS);
        await(() -> recorder.count() == 1, 30_000, () -> "message");
        assertTrue(admin.listConsumerGroups().all().get().stream().anyMatch(g -> g.groupId().equals(group)));

        driver.close();
        // The controller has committed the deletion when close() returns, but the broker this admin
        // asks may serve its metadata a moment later (seen once in CI): wait a little, not forever.
        await(() -> !listedTopics().contains(topic), 15_000, () -> "reset: true deleted the topic");
        assertFalse(admin.listConsumerGroups().all().get().stream().anyMatch(g -> g.groupId().equals(group)),
                "reset: true deleted the subscription's consumer group");
    }

    @Test
    void withoutResetTheTopicStays() throws Exception {
        KafkaSettings settings = TestSupport.localSettings();
        settings.reset = false;
        KafkaBenchmarkDriver driver = driver(settings);
        String topic = uniqueName("kept");
        driver.createTopic(topic, 1).get(60, TimeUnit.SECONDS);
        driver.close();
        try {
            assertTrue(admin.listTopics().names().get().contains(topic));
        } finally {
            admin.deleteTopics(List.of(topic)).all().get();
        }
    }

    @Test
    void offsetsAreCommittedAfterTheCallbackSynchronouslyAndAsynchronously() throws Exception {
        for (OffsetCommit mode : OffsetCommit.values()) {
            KafkaSettings settings = TestSupport.localSettings();
            settings.offsetCommit = mode;
            settings.offsetCommitIntervalMs = 0;
            KafkaBenchmarkDriver driver = driver(settings);
            assertEquals(mode + ", after every poll", driver.metadata().get("offsetCommit"));
            String topic = uniqueName("commit-" + mode);
            driver.createTopic(topic, 2).get(60, TimeUnit.SECONDS);
            String group = uniqueName("sub");
            Recorder recorder = new Recorder();
            KafkaBenchmarkConsumer consumer = (KafkaBenchmarkConsumer) driver.createConsumer(topic, group, recorder).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                sends.add(producer.sendAsync(Optional.of("k" + i), payload(i, 200)));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
            await(() -> recorder.count() == 2000, 30_000, () -> mode + ": received " + recorder.count());

            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (int p = 0; p < 2; p++) {
                latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(latest).all().get();
            await(() -> {
                Map<TopicPartition, OffsetAndMetadata> committed = committed(group);
                return ends.entrySet().stream().allMatch(e -> committed.containsKey(e.getKey())
                        && committed.get(e.getKey()).offset() == e.getValue().offset());
            }, 10_000, () -> mode + ": committed " + committed(group) + " vs end offsets " + ends);
            assertEquals(0, consumer.failedCommits(), mode + ": no failed commits");
        }
    }

    /**
     * With an interval, what was handed over waits for it: a record received right after a commit
     * is not committed until the interval has passed (then an idle poll commits it).
     */
    @Test
    void withAnIntervalOffsetsAreCommittedAtMostThatOften() throws Exception {
        KafkaSettings settings = TestSupport.localSettings();
        settings.offsetCommitIntervalMs = 3_000;
        KafkaBenchmarkDriver driver = driver(settings);
        assertEquals("async, at most every 3000 ms", driver.metadata().get("offsetCommit"));
        String topic = uniqueName("commit-interval");
        driver.createTopic(topic, 1).get(60, TimeUnit.SECONDS);
        String group = uniqueName("sub");
        TopicPartition partition = new TopicPartition(topic, 0);
        Recorder recorder = new Recorder();
        KafkaBenchmarkConsumer consumer = (KafkaBenchmarkConsumer) driver.createConsumer(topic, group, recorder).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();

        producer.sendAsync(Optional.empty(), payload(0, 100)).get(30, TimeUnit.SECONDS);
        await(() -> committedOffset(group, partition) == 1, 30_000, () -> "committed " + committed(group));
        long firstCommitSeen = System.nanoTime();
        producer.sendAsync(Optional.empty(), payload(1, 100)).get(30, TimeUnit.SECONDS);
        await(() -> recorder.count() == 2, 10_000, () -> "received " + recorder.count());
        Thread.sleep(500);
        long sinceFirstCommit = (System.nanoTime() - firstCommitSeen) / 1_000_000;
        long second = committedOffset(group, partition);
        // The first commit came shortly before it was seen; with 1 s to spare the interval has not passed.
        if (sinceFirstCommit < 2_000) {
            assertEquals(1, second, "committed " + sinceFirstCommit + " ms after the first commit was seen");
        }
        await(() -> committedOffset(group, partition) == 2, 10_000, () -> "committed " + committed(group));
        assertEquals(0, consumer.failedCommits());
    }

    private long committedOffset(String group, TopicPartition partition) {
        OffsetAndMetadata offset = committed(group).get(partition);
        return offset == null ? -1 : offset.offset();
    }

    private Set<String> listedTopics() {
        try {
            return admin.listTopics().names().get();
        } catch (InterruptedException | ExecutionException e) {
            throw new AssertionError(e);
        }
    }

    private Map<TopicPartition, OffsetAndMetadata> committed(String group) {
        try {
            return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        } catch (InterruptedException | ExecutionException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anUnreachableBrokerFailsInitializeWithItsAddress() throws Exception {
        int freePort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            freePort = socket.getLocalPort();
        }
        KafkaSettings settings = TestSupport.localSettings();
        settings.commonConfig = "bootstrap.servers=127.0.0.1:" + freePort + "\n";
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        driver.connectTimeoutMs(2_000);
        IOException error = assertThrows(IOException.class, () -> driver.initialize(settings));
        assertTrue(error.getMessage().startsWith("no Kafka broker answered at bootstrap.servers=127.0.0.1:" + freePort + " within 2 s"),
                error.getMessage());
        driver.close();
    }

    @Test
    void replicationBeyondTheClusterFailsTopicCreationWithTheBrokersReason() throws Exception {
        KafkaSettings settings = TestSupport.localSettings();
        settings.replicationFactor = 3;
        KafkaBenchmarkDriver driver = driver(settings);
        ExecutionException error = assertThrows(ExecutionException.class,
                () -> driver.createTopic(uniqueName("rf3"), 1).get(60, TimeUnit.SECONDS));
        assertTrue(error.getCause().getMessage().contains("replication factor"), error.getCause().getMessage());
    }

    @Test
    void metadataNamesTheClientAndTheCluster() throws Exception {
        KafkaBenchmarkDriver driver = driver(TestSupport.localSettings());
        Map<String, String> facts = driver.metadata();
        assertEquals("kafka-clients 4.1.1", facts.get("clientLibrary"));
        assertEquals("1", facts.get("brokers"));
        assertTrue(facts.get("brokerFeatures").contains("metadata.version="), facts.toString());
        assertEquals("all", facts.get("producer.acks"));
        assertEquals("async, at most every 100 ms", facts.get("offsetCommit"), "kafka-local.yaml's");
        assertEquals("off", facts.get("transactions"));
    }
}
