package io.mqbench.testing;

import io.mqbench.driver.loopback.LoopbackBenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;

/**
 * The loopback driver, watched from the driver side: for every producer it records when each send
 * was made and the most sends it ever had waiting for an acknowledgement at once. Tests use it to
 * check what the harness asks of a driver (synchronous sends, batches), not to fake a broker.
 */
public final class RecordingDriver implements BenchmarkDriver {
    /** The producers of the most recently initialized instance. */
    public static final List<Producer> PRODUCERS = new CopyOnWriteArrayList<>();

    private final LoopbackBenchmarkDriver loopback = new LoopbackBenchmarkDriver();

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        PRODUCERS.clear();
        loopback.initialize(configurationFile, statsLogger);
    }

    @Override
    public String getTopicNamePrefix() {
        return "recorded";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return loopback.createTopic(topic, partitions);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        return loopback.createProducer(topic).thenApply(p -> {
            Producer recorded = new Producer(p);
            PRODUCERS.add(recorded);
            return recorded;
        });
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback consumerCallback) {
        return loopback.createConsumer(topic, subscriptionName, consumerCallback);
    }

    @Override
    public void close() throws Exception {
        loopback.close();
    }

    /** A producer that notes its send times and its peak of unacknowledged sends. */
    public static final class Producer implements BenchmarkProducer {
        private final BenchmarkProducer delegate;
        private final AtomicInteger inFlight = new AtomicInteger();
        public final AtomicInteger maxInFlight = new AtomicInteger();
        public final List<Long> sendNanos = new CopyOnWriteArrayList<>();

        Producer(BenchmarkProducer delegate) {
            this.delegate = delegate;
        }

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            if (payload.length > 28) { // probes are 28 bytes: count only the load
                sendNanos.add(System.nanoTime());
            }
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            return delegate.sendAsync(key, payload).whenComplete((v, e) -> inFlight.decrementAndGet());
        }

        @Override
        public void close() throws Exception {
            delegate.close();
        }
    }
}
