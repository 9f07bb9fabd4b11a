package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.delivery.MessageHeader;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Numbered test payloads whose every byte is known, so a receiver can check them exactly; shared
 * with the driver modules' tests through this module's test-jar, next to {@link Inbox}.
 */
public final class Messages {
    public static final int SIZE = 100;
    /** How many keys keyed sends use, in turn: message {@code id} has key {@code id % KEYS}. */
    public static final int KEYS = 16;

    private Messages() {}

    public static byte[] payload(int id) {
        byte[] payload = new byte[SIZE];
        ByteBuffer.wrap(payload).putInt(id);
        for (int i = 4; i < SIZE; i++) {
            payload[i] = (byte) (id * 31 + i);
        }
        return payload;
    }

    /** A payload that starts with mqbench's header, as the harness sends them, with send time {@code sendMicros}. */
    public static byte[] stamped(long sendMicros) {
        byte[] payload = new byte[SIZE];
        MessageHeader.write(payload, 7, 0, sendMicros, false);
        return payload;
    }

    /**
     * Checks the publish time a driver hands its consumer's callback: for a payload without mqbench's
     * stamp the time of the send (the driver sent its own), for a stamped one the stamp's send time
     * (an hour ago here, so it cannot pass for the send or the receive time). {@code inbox} must be
     * the only consumer of {@code producer}'s topic and still empty. The two may arrive in either
     * order (a RocketMQ topic spreads unkeyed sends over its queues), so each time is taken from the
     * message it came with.
     */
    public static void assertPublishTimes(BenchmarkProducer producer, Inbox inbox) throws Exception {
        long stampMicros = (System.currentTimeMillis() - 3_600_000L) * 1_000 + 123;
        long before = System.currentTimeMillis();
        producer.sendAsync(Optional.empty(), payload(1)).get(30, TimeUnit.SECONDS);
        long after = System.currentTimeMillis();
        producer.sendAsync(Optional.empty(), stamped(stampMicros)).get(30, TimeUnit.SECONDS);
        assertEquals(2, Inbox.awaitTotal(2, 30_000, inbox), "both messages arrive");
        List<Long> arrived = inbox.publishTimestamps();
        int stampedAt = MessageHeader.isStamped(inbox.payloads().get(0)) ? 0 : 1;
        long unstamped = arrived.get(1 - stampedAt);
        if (unstamped < before || unstamped > after) {
            throw new AssertionError("publish time of the unstamped payload " + unstamped + " outside its send ["
                    + before + ", " + after + "]");
        }
        assertEquals(stampMicros / 1_000, arrived.get(stampedAt), "the stamped payload's own send time");
    }

    public static int id(byte[] payload) {
        return ByteBuffer.wrap(payload).getInt();
    }

    /** The message numbers an inbox received, in arrival order. */
    public static List<Integer> ids(Inbox inbox) {
        return inbox.payloads().stream().map(Messages::id).toList();
    }

    /** When message {@code id} first arrived in the inbox (epoch ms), or -1. */
    public static long arrivalOf(Inbox inbox, int id) {
        List<byte[]> payloads = inbox.payloads();
        List<Long> arrivals = inbox.arrivalMillis();
        for (int i = 0; i < payloads.size(); i++) {
            if (id(payloads.get(i)) == id) {
                return arrivals.get(i);
            }
        }
        return -1;
    }

    /** The key of message {@code id} when keys are used. */
    public static String key(int id) {
        return "key-" + (id % KEYS);
    }

    /**
     * Sends messages {@code from} .. {@code to - 1} (keyed if asked) without waiting between them,
     * then waits until every send succeeded.
     */
    public static void sendAll(BenchmarkProducer producer, int from, int to, boolean keyed) throws Exception {
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int id = from; id < to; id++) {
            sends.add(producer.sendAsync(keyed ? Optional.of(key(id)) : Optional.empty(), payload(id)));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
    }

    /** Unkeyed messages {@code from} .. {@code to - 1}. */
    public static void sendAll(BenchmarkProducer producer, int from, int to) throws Exception {
        sendAll(producer, from, to, false);
    }

    /** Messages 0 .. {@code count - 1}, keyed if asked. */
    public static void sendAll(BenchmarkProducer producer, int count, boolean keyed) throws Exception {
        sendAll(producer, 0, count, keyed);
    }

    /** Unkeyed messages 0 .. {@code count - 1}. */
    public static void sendAll(BenchmarkProducer producer, int count) throws Exception {
        sendAll(producer, 0, count, false);
    }

    /** Each key's messages arrived in the order they were sent (ids rising), as a keyed topic promises. */
    public static void assertInOrderPerKey(Inbox inbox) {
        Map<String, Integer> lastByKey = new HashMap<>();
        for (int id : ids(inbox)) {
            Integer last = lastByKey.put(key(id), id);
            assertTrue(last == null || last < id, "message " + id + " after " + last + " of " + key(id));
        }
    }

    /** Every message 0..count-1 exactly once, byte for byte. */
    public static void assertExactlyOnce(List<byte[]> received, int count) {
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
