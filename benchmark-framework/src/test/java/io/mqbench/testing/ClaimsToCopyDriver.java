package io.mqbench.testing;

import io.mqbench.driver.api.CopiesPayload;
import io.mqbench.driver.loopback.LoopbackBenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The loopback driver with producers that declare {@link CopiesPayload} although the loopback
 * keeps each payload array until it delivers it: the mistake a driver must not make, for a test
 * that the delivery check catches it.
 */
public final class ClaimsToCopyDriver implements BenchmarkDriver {
    private final LoopbackBenchmarkDriver loopback = new LoopbackBenchmarkDriver();

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        loopback.initialize(configurationFile, statsLogger);
    }

    @Override
    public String getTopicNamePrefix() {
        return "claims-to-copy";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return loopback.createTopic(topic, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return loopback.createProducer(topic).thenApply(Producer::new);
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        return loopback.createConsumer(topic, subscriptionName, consumerCallback);
    }

    @Override
    public void close() throws Exception {
        loopback.close();
    }

    private record Producer(BenchmarkProducer delegate) implements BenchmarkProducer, CopiesPayload {
        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            return delegate.sendAsync(key, payload);
        }

        @Override
        public void close() throws Exception {
            delegate.close();
        }
    }
}
