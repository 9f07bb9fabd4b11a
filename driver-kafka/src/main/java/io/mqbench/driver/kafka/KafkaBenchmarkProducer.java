package io.mqbench.driver.kafka;

import io.mqbench.driver.api.CopiesPayload;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends each message with {@link KafkaProducer#send} and completes its future from the send
 * callback, that is when the broker acknowledged it as {@code acks} asks, or fails it with the
 * client's error. {@code send} itself only blocks when the client's buffer is full (up to
 * max.block.ms): that is Kafka's own back-pressure. The wait happens inside the send, so it is
 * part of that message's publish latency, and the later messages, sent late, show it as publish
 * delay (the client offers no way to wait for buffer room before the send).
 *
 * <p>{@code send} appends the value's bytes to the partition's record batch before it returns, so
 * the producer is done with the payload array then ({@link CopiesPayload}), unless the client's
 * properties name interceptors: their {@code onSend} is handed the record, array and all, and may
 * keep it for as long as it likes. Such a producer does not declare it, and the harness gives each
 * message an array of its own as the SPI allows.
 */
class KafkaBenchmarkProducer implements BenchmarkProducer {
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final KafkaProducer<String, byte[]> producer;
    private final String topic;

    private KafkaBenchmarkProducer(KafkaProducer<String, byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    /** The producer for a client made with {@code properties}: one that copies the payload unless interceptors see it. */
    static KafkaBenchmarkProducer of(KafkaProducer<String, byte[]> producer, String topic, Properties properties) {
        Object interceptors = properties.get(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
        boolean userCodeSeesRecords = interceptors != null && !interceptors.toString().isBlank();
        return userCodeSeesRecords ? new KafkaBenchmarkProducer(producer, topic) : new Copying(producer, topic);
    }

    private static final class Copying extends KafkaBenchmarkProducer implements CopiesPayload {
        Copying(KafkaProducer<String, byte[]> producer, String topic) {
            super(producer, topic);
        }
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        try {
            producer.send(new ProducerRecord<>(topic, key.orElse(null), payload), (metadata, error) -> {
                if (error == null) {
                    acknowledged.complete(null);
                } else {
                    acknowledged.completeExceptionally(error);
                }
            });
        } catch (RuntimeException e) {
            // send() throws instead of calling back for errors found before the record is queued
            // (closed producer, serialization, a buffer wait beyond max.block.ms).
            acknowledged.completeExceptionally(e);
        }
        return acknowledged;
    }

    @Override
    public void close() {
        // Waits for queued records up to the timeout; records still unsent then fail their futures.
        producer.close(CLOSE_TIMEOUT);
    }
}
