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
 * A driver that cannot start and says why the way client libraries often do: with the broker URL,
 * credentials included. Tests use it to check that such secrets never travel back or get logged.
 */
public final class FailingDriver implements BenchmarkDriver {
    public static final String SECRET = "hunter2-do-not-show";

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        throw new IOException("cannot connect to amqp://guest:" + SECRET + "@127.0.0.1:1/vhost: connection refused");
    }

    @Override
    public String getTopicNamePrefix() {
        return "failing";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return CompletableFuture.failedFuture(new IllegalStateException("not started"));
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return CompletableFuture.failedFuture(new IllegalStateException("not started"));
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        return CompletableFuture.failedFuture(new IllegalStateException("not started"));
    }

    @Override
    public void close() {}
}
