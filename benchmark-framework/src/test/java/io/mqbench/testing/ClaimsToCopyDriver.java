package io.mqbench.testing;

import io.mqbench.driver.api.CopiesPayload;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The loopback driver with producers that declare {@link CopiesPayload} although the loopback
 * keeps each payload array until it delivers it: the mistake a driver must not make, for a test
 * that the delivery check catches it.
 */
public final class ClaimsToCopyDriver extends WrappedLoopbackDriver {
    @Override
    public String getTopicNamePrefix() {
        return "claims-to-copy";
    }

    @Override
    BenchmarkProducer wrap(BenchmarkProducer producer) {
        return new Producer(producer);
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
