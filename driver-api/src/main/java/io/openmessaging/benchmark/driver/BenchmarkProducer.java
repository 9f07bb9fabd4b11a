package io.openmessaging.benchmark.driver;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** Sends messages to one topic. Part of the OpenMessaging Benchmark SPI: keep binary compatible. */
public interface BenchmarkProducer extends AutoCloseable {

    /**
     * Sends one message without blocking the caller.
     *
     * @param key the message key, if the workload uses keys (brokers that partition by key use it)
     * @param payload the message body; the harness does not reuse the array while the send is in flight
     * @return a future that completes when the broker has acknowledged the message, or fails with the
     *     broker's error
     */
    CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload);
}
