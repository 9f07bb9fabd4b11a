package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection that one or more clients use, opened again on demand once the broker dropped it.
 * Producers and consumers never share one: when the broker blocks a publishing connection
 * (credit flow or an alarm), consumers on their own connection keep draining the queues.
 */
final class ConnectionSlot implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ConnectionSlot.class);

    private final ConnectionSource source;
    private final int endpointIndex;
    private final String clientName;
    private Connection connection;
    private boolean closed;

    ConnectionSlot(ConnectionSource source, int endpointIndex, String clientName) {
        this.source = source;
        this.endpointIndex = endpointIndex;
        this.clientName = clientName;
    }

    /** The open connection, connecting first if there is none (or the last one was lost). */
    synchronized Connection connection() throws IOException {
        if (closed) {
            throw new IOException("connection " + clientName + " was closed by the driver");
        }
        if (connection == null || !connection.isOpen()) {
            connection = source.open(endpointIndex, clientName);
        }
        return connection;
    }

    Channel newChannel() throws IOException {
        Channel channel = connection().createChannel();
        if (channel == null) {
            throw new IOException("connection " + clientName + " has no free channel (channel_max reached)");
        }
        return channel;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (connection != null && connection.isOpen()) {
            try {
                connection.close(5_000);
            } catch (IOException | RuntimeException e) {
                log.debug("closing connection {}: {}", clientName, e.toString());
                connection.abort(1_000);
            }
        }
        connection = null;
    }
}
