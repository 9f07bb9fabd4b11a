package io.mqbench.driver.nats;

import io.mqbench.driver.api.SendWindow;
import io.mqbench.driver.support.PublishWindow;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamOptions;
import io.nats.client.PublishOptions;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes to a stream's partition subjects asynchronously; a send is done when the server has
 * stored the message and answered with its acknowledgement. A keyed message goes to the partition
 * of its key's hash, others round-robin. At most {@code publishWindow} publishes wait for their
 * acknowledgement at once.
 */
final class JetStreamProducer implements BenchmarkProducer, SendWindow {
    private static final Logger log = LoggerFactory.getLogger(JetStreamProducer.class);

    private final Connection connection;
    private final JetStream jetStream;
    private final List<String> subjects;
    private final PublishWindow window;
    private final long timeoutMillis;
    /** Prefix of this producer's message ids, or null without {@code deduplicate}. */
    private final String messageIds;
    private long sequence;
    private int nextPartition;

    private JetStreamProducer(Connection connection, JetStream jetStream, List<String> subjects, PublishWindow window,
                              long timeoutMillis, String messageIds) {
        this.connection = connection;
        this.jetStream = jetStream;
        this.subjects = subjects;
        this.window = window;
        this.timeoutMillis = timeoutMillis;
        this.messageIds = messageIds;
    }

    /** @param name unique among the run's producers (it prefixes the message ids) */
    static JetStreamProducer open(Connection connection, String name, List<String> subjects, NatsSettings settings)
            throws IOException {
        JetStream jetStream = connection.jetStream(JetStreamOptions.builder()
                .requestTimeout(Duration.ofMillis(settings.publishTimeoutMs))
                .build());
        return new JetStreamProducer(connection, jetStream, subjects,
                new PublishWindow(settings.publishWindow, settings.publishTimeoutMs), settings.publishTimeoutMs,
                settings.deduplicate ? name + '-' : null);
    }

    /** Room among the publishes awaiting acknowledgement, taken before the send: the harness counts the wait as publish delay. */
    @Override
    public void awaitRoom() throws InterruptedException {
        window.reserve();
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            if (!window.take()) {
                done.completeExceptionally(new TimeoutException("no acknowledgement from NATS for " + timeoutMillis
                        + " ms while " + window.size() + " publishes were waiting"));
                return done;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.completeExceptionally(e);
            return done;
        }
        try {
            PublishOptions options = messageIds == null ? null
                    : PublishOptions.builder().messageId(messageIds + (++sequence)).build();
            jetStream.publishAsync(subjects.get(partition(key)), PublishTime.headersFor(payload), payload, options)
                    .whenComplete((ack, error) -> {
                        window.release();
                        if (error != null) {
                            done.completeExceptionally(error);
                        } else {
                            done.complete(null);
                        }
                    });
        } catch (RuntimeException e) {
            window.release();
            done.completeExceptionally(e);
        }
        return done;
    }

    private int partition(Optional<String> key) {
        if (subjects.size() == 1) {
            return 0;
        }
        if (key.isPresent()) {
            return Math.floorMod(key.get().hashCode(), subjects.size());
        }
        int partition = nextPartition;
        nextPartition = (partition + 1) % subjects.size();
        return partition;
    }

    /** Waits for the acknowledgements still due (up to the publish timeout), then closes the connection. */
    @Override
    public void close() throws Exception {
        if (connection.getStatus() == Connection.Status.CLOSED) {
            return; // closed by the harness already, now by the driver
        }
        try {
            if (!window.awaitEmpty(timeoutMillis)) {
                log.warn("closing a NATS producer with publishes still unacknowledged after {} ms", timeoutMillis);
            }
        } finally {
            connection.close();
        }
    }
}
