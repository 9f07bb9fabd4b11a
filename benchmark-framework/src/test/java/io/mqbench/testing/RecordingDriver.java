package io.mqbench.testing;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
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
public final class RecordingDriver extends WrappedLoopbackDriver {
    /** The producers of the most recently initialized instance. */
    public static final List<Producer> PRODUCERS = new CopyOnWriteArrayList<>();

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        PRODUCERS.clear();
        super.initialize(configurationFile, statsLogger);
    }

    @Override
    public String getTopicNamePrefix() {
        return "recorded";
    }

    @Override
    BenchmarkProducer wrap(BenchmarkProducer producer) {
        Producer recorded = new Producer(producer);
        PRODUCERS.add(recorded);
        return recorded;
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
