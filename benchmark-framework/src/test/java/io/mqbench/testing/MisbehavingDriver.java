package io.mqbench.testing;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The base of test drivers that misbehave in one way (cannot start, never creates a topic, ...):
 * everything else fails plainly, so a test exercises only the misbehaviour it names.
 */
public abstract class MisbehavingDriver implements BenchmarkDriver {
    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {}

    @Override
    public String getTopicNamePrefix() {
        return getClass().getSimpleName().toLowerCase();
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return notAvailable();
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return notAvailable();
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        return notAvailable();
    }

    @Override
    public void close() {}

    private static <T> CompletableFuture<T> notAvailable() {
        return CompletableFuture.failedFuture(new IllegalStateException("not available in this test driver"));
    }
}
