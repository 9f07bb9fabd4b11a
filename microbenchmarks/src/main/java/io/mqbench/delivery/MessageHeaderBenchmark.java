package io.mqbench.delivery;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The 28-byte header every measured message carries: written once per send, read once per
 * receipt, from an array (most drivers) or a buffer (drivers that hand over their own buffers).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class MessageHeaderBenchmark {
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
