package io.mqbench.worker;

import io.mqbench.bench.PerMessageBenchmark;
import io.mqbench.delivery.ConsumerReceipts;
import io.mqbench.delivery.MessageHeader;
import io.mqbench.driver.support.PauseGate;
import io.mqbench.stats.MicrosClock;
import io.mqbench.stats.WorkerStats;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * One message through the consumer callback every driver calls: pause check, header read,
 * end-to-end latency, receipt bit and recording. Each call first stamps the next sequence number
 * into the payload, as a producer would have (a header write, measured on its own in
 * MessageHeaderBenchmark), so that the receipts grow as in a run.
 */
public class ReceivePathBenchmark extends PerMessageBenchmark {
    private final byte[] payload = new byte[1024];
    private final ByteBuffer directPayload = ByteBuffer.allocateDirect(1024);
    private MeasuringCallback callback;
    private long sequence;

    @Setup
    public void prepare() {
        callback = new MeasuringCallback(new WorkerStats(), new ConsumerReceipts("topic/subscription"),
                ConcurrentHashMap.newKeySet(), new LongAdder(), new PauseGate());
    }

    @Benchmark
    public long receiveArray() {
        MessageHeader.write(payload, 7, sequence, MicrosClock.nowMicros() - 500, false);
        callback.messageReceived(payload, 0);
        return sequence++;
    }

    /** Drivers that hand over their own (here direct) buffers instead of arrays. */
    @Benchmark
    public long receiveDirectBuffer() {
        MessageHeader.write(payload, 7, sequence, MicrosClock.nowMicros() - 500, false);
        directPayload.clear();
        directPayload.put(payload, 0, MessageHeader.SIZE).clear();
        callback.messageReceived(directPayload, 0);
        return sequence++;
    }
}
