package io.mqbench.driver.redis;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes to one topic: picks the partition (stream or channel), turns the message into a command
 * with its {@link MessageFormat}, and sends it on the pipelined connection to the node that serves
 * that partition (one connection for all partitions on a single server). The future completes when
 * Redis has answered that command.
 */
final class RedisProducer implements BenchmarkProducer {
    private static final Logger log = LoggerFactory.getLogger(RedisProducer.class);

    private final String topic;
    private final List<String> partitionKeys;
    private final PipelinedConnection[] connectionOfPartition;
    private final List<PipelinedConnection> connections;
    private final PartitionRouter router;
    private final MessageFormat format;
    private volatile boolean closed;

    private RedisProducer(String topic, List<String> partitionKeys, PipelinedConnection[] connectionOfPartition,
                          List<PipelinedConnection> connections, MessageFormat format) {
        this.topic = topic;
        this.partitionKeys = partitionKeys;
        this.connectionOfPartition = connectionOfPartition;
        this.connections = connections;
        this.router = new PartitionRouter(partitionKeys.size());
        this.format = format;
    }

    /** Opens one pipelined connection per node that serves some of the topic's partitions. */
    static RedisProducer open(RedisEndpoint endpoint, String topic, List<String> partitionKeys, int window,
                              MessageFormat format, String threadName) {
        Map<String, PipelinedConnection> byNode = new LinkedHashMap<>();
        PipelinedConnection[] ofPartition = new PipelinedConnection[partitionKeys.size()];
        try {
            for (int p = 0; p < partitionKeys.size(); p++) {
                String key = partitionKeys.get(p);
                ofPartition[p] = byNode.computeIfAbsent(endpoint.nodeOf(key), node ->
                        new PipelinedConnection(endpoint.connectionFor(key), window, threadName + "-" + byNode.size()));
            }
        } catch (RuntimeException e) {
            byNode.values().forEach(PipelinedConnection::close);
            throw e;
        }
        return new RedisProducer(topic, partitionKeys, ofPartition, new ArrayList<>(byNode.values()), format);
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("producer of " + topic + " is closed"));
        }
        int partition = router.partitionFor(key);
        return connectionOfPartition[partition]
                .submit(format.publish(partitionKeys.get(partition), payload, System.currentTimeMillis()))
                .thenApply(reply -> {
                    format.onReply(reply);
                    return null;
                });
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        connections.forEach(PipelinedConnection::close);
        String summary = format.summary();
        if (!summary.isEmpty()) {
            log.warn("producer of {}: {}", topic, summary);
        }
    }
}
