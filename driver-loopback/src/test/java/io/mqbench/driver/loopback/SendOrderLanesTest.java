package io.mqbench.driver.loopback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.api.StampedPayload;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class SendOrderLanesTest {
    /** A payload with the harness's stamp: producer id, sequence number, send time in microseconds. */
    private static byte[] stamped(long producer, long sequence, long sentMicros) {
        byte[] payload = new byte[StampedPayload.SIZE + 8];
        StampedPayload.writePrefix(payload, 0);
        ByteBuffer.wrap(payload).putLong(4, producer).putLong(12, sequence).putLong(StampedPayload.SEND_MICROS_OFFSET, sentMicros);
        return payload;
    }

    private static long producer(Object message) {
        return ByteBuffer.wrap((byte[]) message).getLong(4);
    }

    private static long sequence(Object message) {
        return ByteBuffer.wrap((byte[]) message).getLong(12);
    }

    private static void inThread(Runnable sends) throws InterruptedException {
        Thread thread = new Thread(sends);
        thread.start();
        thread.join();
    }

    @Test
    void messagesOfThreadsSendingAtOnceComeOutOnceEachAndInEachThreadsOrder() throws Exception {
        SendOrderLanes lanes = new SendOrderLanes();
        int threads = 4;
        int perThread = 200_000;
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long producer = t;
            senders.add(new Thread(() -> {
                for (int i = 0; i < perThread; i++) {
                    lanes.offer(stamped(producer, i, System.nanoTime() / 1_000));
                }
            }));
        }
        long[] next = new long[threads];
        AtomicBoolean disorder = new AtomicBoolean();
        senders.forEach(Thread::start);
        long received = 0;
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (received < (long) threads * perThread && System.nanoTime() < deadline) {
            Object message = lanes.poll();
            if (message == null) {
                Thread.onSpinWait();
                continue;
            }
            int producer = (int) producer(message);
            if (sequence(message) != next[producer]) {
                disorder.set(true);
            }
            next[producer] = sequence(message) + 1;
            received++;
        }
        for (Thread sender : senders) {
            sender.join();
        }
        assertEquals((long) threads * perThread, received);
        assertTrue(!disorder.get(), "a thread's messages came out of their order, or one was lost or repeated");
        assertNull(lanes.poll());
        assertEquals(threads, lanes.lanes());
    }

    @Test
    void aThreadsNewMessageWaitsBehindAnotherThreadsBacklogSentBeforeIt() throws Exception {
        SendOrderLanes lanes = new SendOrderLanes();
        inThread(() -> {
            for (int i = 0; i < 1_000; i++) {
                lanes.offer(stamped(1, i, 1_000 + i));
            }
        });
        inThread(() -> lanes.offer(stamped(2, 0, 1_500)));
        inThread(() -> lanes.offer(new Envelope(new byte[] {1}, 1, 0))); // unstamped: its publish time, 1 ms
        List<Long> order = new ArrayList<>();
        for (Object message = lanes.poll(); message != null; message = lanes.poll()) {
            order.add(message instanceof Envelope ? -1 : producer(message) * 10_000 + sequence(message));
        }
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            expected.add(10_000L + i);
            if (i == 0) {
                expected.add(-1L); // sent at 1,000 us, as the first
            }
            if (i == 500) {
                expected.add(20_000L);
            }
        }
        assertEquals(expected, order);
    }

    @Test
    void aPeekIsFollowedByThePollOfTheSameMessage() throws Exception {
        SendOrderLanes lanes = new SendOrderLanes();
        inThread(() -> lanes.offer(stamped(1, 0, 2_000)));
        Object peeked = lanes.peek();
        inThread(() -> lanes.offer(stamped(2, 0, 1_000))); // sent earlier, offered after the peek
        assertTrue(peeked == lanes.poll());
        assertEquals(2, producer(lanes.poll()));
    }

    @Test
    void theLanesOfEndedThreadsAreDroppedOnceEmpty() throws Exception {
        SendOrderLanes lanes = new SendOrderLanes();
        for (int t = 0; t < 10; t++) {
            long producer = t;
            inThread(() -> lanes.offer(stamped(producer, 0, producer)));
        }
        assertEquals(10, lanes.lanes());
        for (int t = 0; t < 10; t++) {
            assertEquals(t, producer(lanes.poll()));
        }
        for (int look = 0; look < 64; look++) {
            assertNull(lanes.poll());
        }
        assertEquals(0, lanes.lanes());
        // Beside an ended thread's lane, this thread's (alive) stays when empty; the other goes.
        lanes.offer(stamped(11, 0, 11));
        inThread(() -> lanes.offer(stamped(12, 0, 12)));
        assertEquals(2, lanes.lanes());
        assertEquals(11, producer(lanes.poll()));
        assertEquals(12, producer(lanes.poll()));
        for (int look = 0; look < 64; look++) {
            assertNull(lanes.poll());
        }
        assertEquals(1, lanes.lanes());
    }
}
