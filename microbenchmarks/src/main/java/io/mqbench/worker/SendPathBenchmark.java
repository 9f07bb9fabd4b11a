package io.mqbench.worker;

import io.mqbench.bench.PerMessageBenchmark;
import io.mqbench.delivery.ProducerLedger;
import io.mqbench.driver.api.CopiesPayload;
import io.mqbench.stats.WorkerStats;
import io.mqbench.workload.KeyDistributorType;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One send through the harness with a driver that costs nothing: a producer whose send is
 * acknowledged before it returns, so the completion (statistics, confirmation bit) runs on the
 * sender's thread as part of the measured call. What remains is the harness's own work per message:
 * the payload copy with its header (when the payload is large enough to carry one; only the header
 * when the driver copies the payload itself), the sequence number, key choice, publish delay, the
 * completion stage and the recording.
 */
public class SendPathBenchmark extends PerMessageBenchmark {
    /** 100 B and 1 KB carry the header (and are copied per message); 16 B is sent as it is. */
    @Param({"16", "100", "1024"})
    int size;

    @Param({"NO_KEY", "KEY_ROUND_ROBIN"})
    KeyDistributorType keys;

    /** Whether the driver may keep the payload array (a copy per message) or copies it before sendAsync returns ({@code CopiesPayload}). */
    @Param({"false", "true"})
    boolean copies;

    private ProducerSlot slot;

    @Setup
    public void prepare() {
        BenchmarkProducer acknowledgedAtOnce = copies ? new CopyingAcknowledgedAtOnce() : new AcknowledgedAtOnce();
        slot = new ProducerSlot(acknowledgedAtOnce, new ProducerLedger(7, "topic"), new WorkerStats(), new SendErrors(), new LongAdder());
        slot.prepare(List.of(new byte[size]), KeyDistributor.of(keys), size >= io.mqbench.delivery.MessageHeader.SIZE, 0);
    }

    @Benchmark
    public boolean send() {
        return slot.send(System.nanoTime());
    }

    /** A producer whose every send the broker has already acknowledged. */
    private static class AcknowledgedAtOnce implements BenchmarkProducer {
        private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            return DONE;
        }

        @Override
        public void close() {}
    }

    /** The same, declaring that it is done with the payload when sendAsync returns, as the JMS, Artemis core, Kafka and RabbitMQ drivers do. */
    private static final class CopyingAcknowledgedAtOnce extends AcknowledgedAtOnce implements CopiesPayload {}
}
