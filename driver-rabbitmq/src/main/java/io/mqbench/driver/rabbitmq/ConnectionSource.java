package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.Connection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens connections to the brokers of {@code amqpUris}: each new client takes the next address in
 * turn, and falls back to the others when its own does not answer. Every connection reports in the
 * log when it is lost and when the broker blocks publishers (a memory or disk alarm), since both
 * change what a benchmark measures.
 */
final class ConnectionSource {
    private static final Logger log = LoggerFactory.getLogger(ConnectionSource.class);

    private final List<BrokerEndpoint> endpoints;
    private final ExecutorService deliveryThreads;
    private final AtomicInteger nextEndpoint = new AtomicInteger();

    /**
     * @param deliveryThreads where the client runs consumer callbacks, shared by all connections so
     *     that a thousand consumers do not mean thousands of threads (the client still delivers one
     *     channel's messages in order)
     */
    ConnectionSource(List<BrokerEndpoint> endpoints, ExecutorService deliveryThreads) {
        this.endpoints = List.copyOf(endpoints);
        this.deliveryThreads = deliveryThreads;
    }

    /** The address index the next client should prefer. */
    int nextEndpointIndex() {
        return Math.floorMod(nextEndpoint.getAndIncrement(), endpoints.size());
    }

    int endpointCount() {
        return endpoints.size();
    }

    /** Opens a connection to the preferred address, or else to the others in order. */
    Connection open(int preferred, String clientName) throws IOException {
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < endpoints.size(); i++) {
            BrokerEndpoint endpoint = endpoints.get((preferred + i) % endpoints.size());
            try {
                Connection connection = endpoint.factory().newConnection(deliveryThreads, clientName);
                watch(connection, endpoint, clientName);
                return connection;
            } catch (IOException | TimeoutException e) {
                failures.add(endpoint + ": " + Failures.describe(e));
            }
        }
        throw new IOException("cannot connect to RabbitMQ: " + String.join("; ", failures));
    }

    private static void watch(Connection connection, BrokerEndpoint endpoint, String clientName) {
        connection.addShutdownListener(cause -> {
            if (!cause.isInitiatedByApplication()) {
                log.warn("connection {} to {} lost: {}", clientName, endpoint, Failures.describe(cause));
            }
        });
        connection.addBlockedListener(
                reason -> log.warn("connection {} to {} blocked by the broker ({}): publishing waits until it"
                        + " unblocks", clientName, endpoint, reason),
                () -> log.warn("connection {} to {} unblocked", clientName, endpoint));
    }
}
