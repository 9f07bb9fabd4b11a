package io.mqbench.driver.pulsar;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.TypedMessageBuilder;

/**
 * Sends asynchronously; a send is done when the broker confirmed it (for a persistent topic: once
 * the entry is written to {@code ackQuorum} bookies). A key becomes the message key, which picks the
 * partition (its hash) and, for Key_Shared subscriptions, the consumer.
 */
final class PulsarProducer implements BenchmarkProducer {
    private final Producer<byte[]> producer;

    PulsarProducer(Producer<byte[]> producer) {
        this.producer = producer;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        TypedMessageBuilder<byte[]> message = producer.newMessage().value(payload);
        key.ifPresent(message::key);
        return message.sendAsync().thenApply(id -> null);
    }

    /** Sends what is batched and waits for every confirmation still due, then closes. */
    @Override
    public void close() throws Exception {
        producer.close(); // a second close (the harness's, then the driver's) does nothing
    }
}
