package io.mqbench.driver.nats;

import io.nats.client.Connection;
import io.nats.client.Dispatcher;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * Core NATS: a subscription is a queue group, so its consumers share the topic's messages and
 * every subscription gets each message once. Nothing is stored or acknowledged: what arrives while
 * no member listens, or what a slow member's client drops, is gone.
 */
final class CoreConsumer implements BenchmarkConsumer {
    private final Connection connection;

    private CoreConsumer(Connection connection) {
        this.connection = connection;
    }

    static CoreConsumer subscribe(Connection connection, String subject, String queueGroup, ConsumerCallback callback)
            throws InterruptedException, TimeoutException {
        Dispatcher dispatcher = connection.createDispatcher();
        dispatcher.subscribe(subject, queueGroup, message -> callback.messageReceived(message.getData(), PublishTime.of(message)));
        // The server knows of the subscription once it answered a ping sent after it.
        connection.flush(Duration.ofSeconds(5));
        return new CoreConsumer(connection);
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
