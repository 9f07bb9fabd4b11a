package io.mqbench.delivery;

import io.mqbench.bench.PerMessageBenchmark;
import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The 28-byte header every measured message carries: written once per send, read once per
 * receipt, from an array (most drivers) or a buffer (drivers that hand over their own buffers).
 */
public class MessageHeaderBenchmark extends PerMessageBenchmark {
    private final byte[] payload = new byte[1024];
    private ByteBuffer heapBuffer;
    private ByteBuffer directBuffer;
    private long sequence;

    @Setup
    public void stamp() {
        MessageHeader.write(payload, 7, 42, 1_700_000_000_000_000L, false);
        heapBuffer = ByteBuffer.wrap(payload.clone());
        directBuffer = ByteBuffer.allocateDirect(payload.length);
        directBuffer.put(payload.clone()).flip();
    }

    @Benchmark
    public byte[] write() {
        MessageHeader.write(payload, 7, sequence++, 1_700_000_000_000_000L + sequence, false);
        return payload;
    }

    @Benchmark
    public long readArray() {
        return MessageHeader.isStamped(payload) ? MessageHeader.sequence(payload) + MessageHeader.sendMicros(payload) : -1;
    }

    @Benchmark
    public long readHeapBuffer() {
        return MessageHeader.isStamped(heapBuffer) ? MessageHeader.sequence(heapBuffer) + MessageHeader.sendMicros(heapBuffer) : -1;
    }

    @Benchmark
    public long readDirectBuffer() {
        return MessageHeader.isStamped(directBuffer) ? MessageHeader.sequence(directBuffer) + MessageHeader.sendMicros(directBuffer) : -1;
    }
}
