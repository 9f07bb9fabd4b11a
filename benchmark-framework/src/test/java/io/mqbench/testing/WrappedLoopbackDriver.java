package io.mqbench.testing;

import io.mqbench.driver.loopback.LoopbackBenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The loopback driver (its settings from the driver file) with each producer wrapped by a test:
 * to watch what the harness asks of a driver, or to make one mistake a driver can make.
 */
abstract class WrappedLoopbackDriver implements BenchmarkDriver {
    private final LoopbackBenchmarkDriver loopback = new LoopbackBenchmarkDriver();

    /** The producer the harness gets for the loopback's {@code producer}. */
    abstract BenchmarkProducer wrap(BenchmarkProducer producer);

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        loopback.initialize(configurationFile, statsLogger);
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return loopback.createTopic(topic, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return loopback.createProducer(topic).thenApply(this::wrap);
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        return loopback.createConsumer(topic, subscriptionName, consumerCallback);
    }

    @Override
    public void close() throws Exception {
        loopback.close();
    }
}
