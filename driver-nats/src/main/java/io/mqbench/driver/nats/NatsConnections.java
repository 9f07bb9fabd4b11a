package io.mqbench.driver.nats;

import io.nats.client.Connection;
import io.nats.client.Consumer;
import io.nats.client.ErrorListener;
import io.nats.client.Nats;
import io.nats.client.Options;
import java.io.IOException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the driver's connections. Each producer and each consumer gets one of its own, as a NATS
 * client serialises everything of a connection through one writer and one reader thread: shared,
 * they would measure the connection, not the server. A lost connection is re-established for as
 * long as it takes (a broker restart inside a run must not end the run's sends for good).
 */
final class NatsConnections {
    private static final Logger log = LoggerFactory.getLogger(NatsConnections.class);

    private final NatsSettings settings;

    NatsConnections(NatsSettings settings) {
        this.settings = settings;
    }

    Connection open(String name) throws IOException {
        Options options = new Options.Builder()
                .servers(settings.servers().toArray(String[]::new))
                .connectionName(name)
                .connectionTimeout(Duration.ofSeconds(5))
                .maxReconnects(-1)
                .reconnectWait(Duration.ofSeconds(1))
                .errorListener(new Logged())
                .build();
        try {
            return Nats.connect(options);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to NATS at " + settings.describeServers(), e);
        } catch (IOException e) {
            throw new IOException("cannot connect to NATS at " + settings.describeServers() + ": " + e.getMessage()
                    + " (is it running? bin/brokers start nats; check natsHostUrl)", e);
        }
    }

    /** The client's complaints, in the client log (the harness collects it and counts lines per logger). */
    private static final class Logged implements ErrorListener {
        @Override
        public void errorOccurred(Connection connection, String error) {
            log.warn("NATS error on {}: {}", connection.getOptions().getConnectionName(), error);
        }

        @Override
        public void exceptionOccurred(Connection connection, Exception exception) {
            log.warn("NATS exception on {}: {}", connection.getOptions().getConnectionName(), exception.toString());
        }

        @Override
        public void slowConsumerDetected(Connection connection, Consumer consumer) {
            // Core NATS drops what a slow subscriber cannot take; the delivery check counts those as lost.
            log.warn("NATS slow consumer on {}: the client is dropping messages (pending limit reached)",
                    connection.getOptions().getConnectionName());
        }
    }
}
