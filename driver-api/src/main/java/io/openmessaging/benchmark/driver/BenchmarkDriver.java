package io.openmessaging.benchmark.driver;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The entry point of a broker driver, as the OpenMessaging Benchmark (OMB) defines it.
 *
 * <p>This interface, its nested value classes and the other types of this package are the seam that
 * lets a driver built here run in an upstream OMB worker, and an OMB driver run here. Their binary
 * signatures must not change: {@code SpiSignatureTest} checks every one. Anything richer belongs in
 * the optional interfaces of {@code io.mqbench.driver.api}, which the harness detects at run time.
 */
public interface BenchmarkDriver extends AutoCloseable {

    /**
     * Reads the driver's YAML file and connects the client library.
     *
     * @param configurationFile the driver YAML file ({@code name}, {@code driverClass} and the
     *     driver's own settings)
     * @param statsLogger where a driver may publish its own metrics; the harness may pass a no-op one
     */
    void initialize(File configurationFile, StatsLogger statsLogger)
            throws IOException, InterruptedException;

    /** The prefix the harness puts in front of every topic name it asks for. */
    String getTopicNamePrefix();

    /** Creates one topic with that many partitions; the future completes once it can be used. */
    CompletableFuture<Void> createTopic(String topic, int partitions);

    /** Creates several topics; drivers with a batch API override this. */
    default CompletableFuture<Void> createTopics(List<TopicInfo> topicInfos) {
        CompletableFuture<?>[] pending = new CompletableFuture<?>[topicInfos.size()];
        for (int i = 0; i < pending.length; i++) {
            TopicInfo info = topicInfos.get(i);
            pending[i] = createTopic(info.getTopic(), info.getPartitions());
        }
        return CompletableFuture.allOf(pending);
    }

    /** Creates a producer that sends to one topic. */
    CompletableFuture<BenchmarkProducer> createProducer(String topic);

    /** Creates several producers, in the order given. */
    default CompletableFuture<List<BenchmarkProducer>> createProducers(List<ProducerInfo> producers) {
        List<CompletableFuture<BenchmarkProducer>> pending = new ArrayList<>(producers.size());
        for (ProducerInfo info : producers) {
            pending.add(createProducer(info.getTopic()));
        }
        return allInOrder(pending);
    }

    /**
     * Creates a consumer of one subscription of a topic. Every subscription receives every message of
     * its topic; the consumers of one subscription share its messages. The driver calls {@code
     * consumerCallback} once for each message received.
     */
    CompletableFuture<BenchmarkConsumer> createConsumer(
            String topic, String subscriptionName, ConsumerCallback consumerCallback);

    /** Creates several consumers, in the order given. */
    default CompletableFuture<List<BenchmarkConsumer>> createConsumers(List<ConsumerInfo> consumers) {
        List<CompletableFuture<BenchmarkConsumer>> pending = new ArrayList<>(consumers.size());
        for (ConsumerInfo info : consumers) {
            pending.add(
                    createConsumer(
                            info.getTopic(), info.getSubscriptionName(), info.getConsumerCallback()));
        }
        return allInOrder(pending);
    }

    /** Joins futures into one future of their results, keeping their order. */
    private static <T> CompletableFuture<List<T>> allInOrder(List<CompletableFuture<T>> pending) {
        return CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0]))
                .thenApply(
                        done -> {
                            List<T> results = new ArrayList<>(pending.size());
                            for (CompletableFuture<T> future : pending) {
                                results.add(future.join());
                            }
                            return results;
                        });
    }

    /** A topic to create: its name and partition count. */
    final class TopicInfo {
        private final String topic;
        private final int partitions;

        public TopicInfo(String topic, int partitions) {
            this.topic = topic;
            this.partitions = partitions;
        }

        public String getTopic() {
            return topic;
        }

        public int getPartitions() {
            return partitions;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof TopicInfo that
                    && partitions == that.partitions
                    && Objects.equals(topic, that.topic);
        }

        @Override
        public int hashCode() {
            return Objects.hash(topic, partitions);
        }

        @Override
        public String toString() {
            return "TopicInfo(topic=" + topic + ", partitions=" + partitions + ")";
        }
    }

    /** A producer to create: the harness's id for it and its topic. */
    final class ProducerInfo {
        private final int id;
        private final String topic;

        public ProducerInfo(int id, String topic) {
            this.id = id;
            this.topic = topic;
        }

        public int getId() {
            return id;
        }

        public String getTopic() {
            return topic;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ProducerInfo that
                    && id == that.id
                    && Objects.equals(topic, that.topic);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, topic);
        }

        @Override
        public String toString() {
            return "ProducerInfo(id=" + id + ", topic=" + topic + ")";
        }
    }

    /** A consumer to create: the harness's id for it, its topic, subscription and callback. */
    final class ConsumerInfo {
        private final int id;
        private final String topic;
        private final String subscriptionName;
        private final ConsumerCallback consumerCallback;

        public ConsumerInfo(
                int id, String topic, String subscriptionName, ConsumerCallback consumerCallback) {
            this.id = id;
            this.topic = topic;
            this.subscriptionName = subscriptionName;
            this.consumerCallback = consumerCallback;
        }

        public int getId() {
            return id;
        }

        public String getTopic() {
            return topic;
        }

        public String getSubscriptionName() {
            return subscriptionName;
        }

        public ConsumerCallback getConsumerCallback() {
            return consumerCallback;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ConsumerInfo that
                    && id == that.id
                    && Objects.equals(topic, that.topic)
                    && Objects.equals(subscriptionName, that.subscriptionName)
                    && Objects.equals(consumerCallback, that.consumerCallback);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, topic, subscriptionName, consumerCallback);
        }

        @Override
        public String toString() {
            return "ConsumerInfo(id="
                    + id
                    + ", topic="
                    + topic
                    + ", subscriptionName="
                    + subscriptionName
                    + ")";
        }
    }
}
