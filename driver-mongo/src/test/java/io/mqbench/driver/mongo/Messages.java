package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Numbered test payloads whose every byte is known, so a receiver can check them exactly. */
final class Messages {
    static final int SIZE = 100;

    private Messages() {}

    static byte[] payload(int id) {
        byte[] payload = new byte[SIZE];
        ByteBuffer.wrap(payload).putInt(id);
        for (int i = 4; i < SIZE; i++) {
            payload[i] = (byte) (id * 31 + i);
        }
        return payload;
    }

    static int id(byte[] payload) {
        return ByteBuffer.wrap(payload).getInt();
    }

    /** Sends messages {@code from} .. {@code to - 1} without waiting between them, then waits for every send. */
    static void sendAll(BenchmarkProducer producer, int from, int to) throws Exception {
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int id = from; id < to; id++) {
            sends.add(producer.sendAsync(Optional.empty(), payload(id)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
    }

    /** Every message 0..count-1 exactly once, byte for byte. */
    static void assertExactlyOnce(List<byte[]> received, int count) {
        assertEquals(count, received.size(), "message count");
        TreeSet<Integer> ids = new TreeSet<>();
        for (byte[] payload : received) {
            int id = id(payload);
            assertArrayEquals(payload(id), payload, "payload of message " + id);
            ids.add(id);
        }
        assertEquals(count, ids.size(), "no message twice");
        assertEquals(0, ids.first());
        assertEquals(count - 1, ids.last());
    }
}
