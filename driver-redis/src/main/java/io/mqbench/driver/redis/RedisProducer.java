package io.mqbench.driver.redis;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
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
 *
 * <p>When a connection breaks, its unanswered sends fail (the harness counts them) and the next send
 * to that node opens a new connection; while the node cannot be reached, sends fail at once and a
 * new connection is tried at most every {@value #RECONNECT_INTERVAL_MILLIS} ms.
 */
final class RedisProducer implements BenchmarkProducer {
    private static final Logger log = LoggerFactory.getLogger(RedisProducer.class);
    static final long RECONNECT_INTERVAL_MILLIS = 1_000;

    private final RedisEndpoint endpoint;
    private final String topic;
    private final List<String> partitionKeys;
    private final String[] nodeOfPartition;
    private final Map<String, NodeLink> links;
    private final PartitionRouter router;
    private final MessageFormat format;
    private final int window;
    private volatile boolean closed;

    /** The connection to one node, replaced when it breaks. */
    private static final class NodeLink {
        final String name;
        volatile PipelinedConnection connection;
        long nextAttemptNanos;
        long reconnects;

        NodeLink(String name, PipelinedConnection connection) {
            this.name = name;
            this.connection = connection;
        }
    }

    private RedisProducer(RedisEndpoint endpoint, String topic, List<String> partitionKeys, String[] nodeOfPartition,
                          Map<String, NodeLink> links, MessageFormat format, int window) {
        this.endpoint = endpoint;
        this.topic = topic;
        this.partitionKeys = partitionKeys;
        this.nodeOfPartition = nodeOfPartition;
        this.links = links;
        this.router = new PartitionRouter(partitionKeys.size());
        this.format = format;
        this.window = window;
    }

    /** Opens one pipelined connection per node that serves some of the topic's partitions. */
    static RedisProducer open(RedisEndpoint endpoint, String topic, List<String> partitionKeys, int window,
                              MessageFormat format, String threadName) {
        Map<String, NodeLink> links = new LinkedHashMap<>();
        String[] nodeOfPartition = new String[partitionKeys.size()];
        try {
            for (int p = 0; p < partitionKeys.size(); p++) {
                String key = partitionKeys.get(p);
                String node = endpoint.nodeOf(key);
                nodeOfPartition[p] = node;
                links.computeIfAbsent(node, n -> new NodeLink(threadName + "-" + links.size(),
                        new PipelinedConnection(endpoint.connectionFor(key), window, threadName + "-" + links.size())));
            }
        } catch (RuntimeException e) {
            links.values().forEach(link -> link.connection.close());
            throw e;
        }
        return new RedisProducer(endpoint, topic, partitionKeys, nodeOfPartition, links, format, window);
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("producer of " + topic + " is closed"));
        }
        int partition = router.partitionFor(key);
        String partitionKey = partitionKeys.get(partition);
        PipelinedConnection connection;
        try {
            connection = liveConnection(links.get(nodeOfPartition[partition]), partitionKey);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return connection
                .submit(format.publish(partitionKey, payload, System.currentTimeMillis()))
                .thenApply(reply -> {
                    format.onReply(reply);
                    return null;
                });
    }

    /**
     * The link's connection; a broken one is replaced by a new connection to the node of {@code key}
     * (if the last attempt is long enough ago), else the send fails with why the link is down. The
     * lock is only taken once the connection broke: the working path costs a volatile read.
     */
    private PipelinedConnection liveConnection(NodeLink link, String key) {
        PipelinedConnection current = link.connection;
        return current.failure() == null ? current : replaceBroken(link, key);
    }

    private synchronized PipelinedConnection replaceBroken(NodeLink link, String key) {
        PipelinedConnection current = link.connection;
        Throwable broken = current.failure();
        if (broken == null || closed) {
            return current;
        }
        long now = System.nanoTime();
        if (now - link.nextAttemptNanos < 0) {
            throw new RedisConnectionDown("connection to Redis lost (" + broken.getMessage() + "); reconnecting", broken);
        }
        link.nextAttemptNanos = now + RECONNECT_INTERVAL_MILLIS * 1_000_000;
        PipelinedConnection opened;
        try {
            opened = new PipelinedConnection(endpoint.connectionFor(key), window,
                    link.name + "-r" + (link.reconnects + 1));
        } catch (RuntimeException e) {
            throw new RedisConnectionDown("connection to Redis lost (" + broken.getMessage() + "); reconnecting failed: "
                    + e.getMessage(), e);
        }
        current.close();
        link.connection = opened;
        link.reconnects++;
        log.warn("producer of {}: reconnected to Redis after a broken connection ({})", topic, broken.getMessage());
        return opened;
    }

    /** A send refused because the producer has no working connection to the node. */
    static final class RedisConnectionDown extends RuntimeException {
        RedisConnectionDown(String message, Throwable cause) {
            super(message, cause);
        }
    }

    @Override
    public void close() {
        List<PipelinedConnection> connections;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            connections = links.values().stream().map(link -> link.connection).toList();
        }
        connections.forEach(PipelinedConnection::close);
        String summary = format.summary();
        if (!summary.isEmpty()) {
            log.warn("producer of {}: {}", topic, summary);
        }
    }
}
