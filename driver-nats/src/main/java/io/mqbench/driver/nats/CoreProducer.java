package io.mqbench.driver.nats;

import io.nats.client.Connection;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Core NATS: a publish is done when the client has queued it for the socket. Nothing confirms it;
 * the server delivers it to the subscribers listening at that moment, or to nobody.
 */
final class CoreProducer implements BenchmarkProducer {
    private static final CompletableFuture<Void> SENT = CompletableFuture.completedFuture(null);

    private final Connection connection;
    private final String subject;

    CoreProducer(Connection connection, String subject) {
        this.connection = connection;
        this.subject = subject;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        try {
            connection.publish(subject, PublishTime.headersFor(payload), payload);
            return SENT;
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Flushes what the client still holds, so the last messages reach the server before the connection goes. */
    @Override
    public void close() throws Exception {
        if (connection.getStatus() == Connection.Status.CLOSED) {
            return; // closed by the harness already, now by the driver
        }
        try {
            connection.flush(Duration.ofSeconds(5));
        } finally {
            connection.close();
        }
    }
}
