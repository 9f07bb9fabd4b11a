package io.mqbench.driver.kafka;

import io.mqbench.driver.support.DaemonThreads;
import io.openmessaging.benchmark.driver.BenchmarkDriver.TopicInfo;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The driver's use of the AdminClient: create topics with the requested partitions, replication
 * factor and topic config and wait until every partition has a leader (a producer that starts
 * earlier gets NOT_LEADER errors and retries, which would count as publish latency); delete what
 * it created when asked; tell the cluster's facts for the result file.
 */
final class TopicAdmin implements AutoCloseable {
    private static final long CALL_TIMEOUT_SECONDS = 60;
    private static final long LEADER_WAIT_MILLIS = 60_000;
    private static final long LEADER_POLL_MILLIS = 50;

    private final Admin admin;
    private final Optional<Short> replicationFactor;
    private final Map<String, String> topicConfig;
    private final Set<String> created = ConcurrentHashMap.newKeySet();
    /** Admin calls block on futures; they get their own thread so the harness's thread never waits twice. */
    private final ExecutorService calls = Executors.newSingleThreadExecutor(DaemonThreads.named("kafka-topic-admin"));

    TopicAdmin(Admin admin, Optional<Short> replicationFactor, Map<String, String> topicConfig) {
        this.admin = admin;
        this.replicationFactor = replicationFactor;
        this.topicConfig = topicConfig;
    }

    /** Fails fast, with the address, when no broker answers. */
    Collection<Node> checkReachable(String bootstrapServers, int timeoutMs) throws IOException {
        try {
            DescribeClusterResult cluster = admin.describeCluster(new DescribeClusterOptions().timeoutMs(timeoutMs));
            return cluster.nodes().get(timeoutMs + 1_000L, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IOException("no Kafka broker answered at bootstrap.servers=" + bootstrapServers
                    + " within " + timeoutMs / 1000 + " s (" + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
                    + "); start one (bin/brokers start kafka) or fix commonConfig", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to " + bootstrapServers, e);
        }
    }

    CompletableFuture<Void> create(List<TopicInfo> topics) {
        return CompletableFuture.runAsync(() -> {
            try {
                createAndAwaitLeaders(topics);
            } catch (ExecutionException e) {
                throw new IllegalStateException("creating topics " + names(topics) + ": " + e.getCause().getMessage(), e.getCause());
            } catch (TimeoutException e) {
                throw new IllegalStateException("creating topics " + names(topics) + ": " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while creating topics", e);
            }
        }, calls);
    }

    private void createAndAwaitLeaders(List<TopicInfo> topics) throws ExecutionException, TimeoutException, InterruptedException {
        List<NewTopic> requests = new ArrayList<>();
        for (TopicInfo topic : topics) {
            requests.add(new NewTopic(topic.getTopic(), Optional.of(topic.getPartitions()), replicationFactor).configs(topicConfig));
        }
        admin.createTopics(requests).all().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        topics.forEach(topic -> created.add(topic.getTopic()));
        awaitLeaders(topics);
    }

    private void awaitLeaders(List<TopicInfo> topics) throws ExecutionException, TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + LEADER_WAIT_MILLIS * 1_000_000;
        List<String> waitingFor = List.of();
        while (System.nanoTime() - deadline < 0) {
            waitingFor = partitionsWithoutLeader(topics);
            if (waitingFor.isEmpty()) {
                return;
            }
            Thread.sleep(LEADER_POLL_MILLIS);
        }
        throw new TimeoutException("no leader after " + LEADER_WAIT_MILLIS / 1000 + " s for " + waitingFor);
    }

    private List<String> partitionsWithoutLeader(List<TopicInfo> topics) throws ExecutionException, TimeoutException, InterruptedException {
        Map<String, TopicDescription> descriptions;
        try {
            descriptions = admin.describeTopics(names(topics)).allTopicNames().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return List.of("(topic metadata not yet visible)");
            }
            throw e;
        }
        List<String> missing = new ArrayList<>();
        for (TopicInfo topic : topics) {
            TopicDescription description = descriptions.get(topic.getTopic());
            List<TopicPartitionInfo> partitions = description.partitions();
            if (partitions.size() < topic.getPartitions()) {
                missing.add(topic.getTopic() + " (" + partitions.size() + " of " + topic.getPartitions() + " partitions visible)");
                continue;
            }
            for (TopicPartitionInfo partition : partitions) {
                if (partition.leader() == null || partition.leader().isEmpty()) {
                    missing.add(topic.getTopic() + "-" + partition.partition());
                }
            }
        }
        return missing;
    }

    /** Deletes every topic this driver created; waits so that a following run starts clean. */
    void deleteCreatedTopics() throws ExecutionException, TimeoutException, InterruptedException {
        if (!created.isEmpty()) {
            admin.deleteTopics(List.copyOf(created)).all().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            created.clear();
        }
    }

    /** Deletes consumer groups; only possible once their consumers have left. */
    void deleteGroups(Collection<String> groups) throws ExecutionException, TimeoutException, InterruptedException {
        if (!groups.isEmpty()) {
            admin.deleteConsumerGroups(List.copyOf(groups)).all().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Cluster id, broker count and finalized feature levels (the protocol does not carry the broker's release). */
    Map<String, String> clusterFacts() {
        Map<String, String> facts = new LinkedHashMap<>();
        try {
            DescribeClusterResult cluster = admin.describeCluster();
            facts.put("clusterId", cluster.clusterId().get(10, TimeUnit.SECONDS));
            facts.put("brokers", String.valueOf(cluster.nodes().get(10, TimeUnit.SECONDS).size()));
            Map<String, FinalizedVersionRange> features = new TreeMap<>(
                    admin.describeFeatures().featureMetadata().get(10, TimeUnit.SECONDS).finalizedFeatures());
            StringBuilder levels = new StringBuilder();
            features.forEach((name, range) -> levels.append(levels.length() == 0 ? "" : ", ")
                    .append(name).append('=').append(range.maxVersionLevel()));
            facts.put("brokerFeatures", levels.toString());
        } catch (ExecutionException | TimeoutException e) {
            facts.put("clusterFactsError", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return facts;
    }

    private static List<String> names(List<TopicInfo> topics) {
        return topics.stream().map(TopicInfo::getTopic).toList();
    }

    @Override
    public void close() {
        calls.shutdownNow();
        admin.close(Duration.ofSeconds(10));
    }
}
