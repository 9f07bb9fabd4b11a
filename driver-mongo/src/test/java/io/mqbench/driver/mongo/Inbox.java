package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** A consumer callback that keeps every payload it gets, in arrival order, with when it came. */
class Inbox implements ConsumerCallback {
    private final List<byte[]> payloads = new ArrayList<>();
    private final List<Long> publishTimestamps = new ArrayList<>();
    private final List<Long> arrivalMillis = new ArrayList<>();

    @Override
    public synchronized void messageReceived(byte[] payload, long publishTimestamp) {
        payloads.add(payload);
        publishTimestamps.add(publishTimestamp);
        arrivalMillis.add(System.currentTimeMillis());
        notifyAll();
    }

    @Override
    public void messageReceived(ByteBuffer payload, long publishTimestamp) {
        byte[] copy = new byte[payload.remaining()];
        payload.get(copy);
        messageReceived(copy, publishTimestamp);
    }

    synchronized int count() {
        return payloads.size();
    }

    synchronized List<byte[]> payloads() {
        return new ArrayList<>(payloads);
    }

    synchronized List<Long> publishTimestamps() {
        return new ArrayList<>(publishTimestamps);
    }

    /** The message numbers ({@link Messages#id}) in arrival order. */
    synchronized List<Integer> ids() {
        return payloads.stream().map(Messages::id).toList();
    }

    /** When message {@code id} arrived (the first time), or -1. */
    synchronized long arrivalOf(int id) {
        for (int i = 0; i < payloads.size(); i++) {
            if (Messages.id(payloads.get(i)) == id) {
                return arrivalMillis.get(i);
            }
        }
        return -1;
    }

    /** Waits until the inboxes together hold {@code expected} messages, then a little longer for strays. */
    static void awaitTotal(int expected, long timeoutMillis, Inbox... inboxes) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (total(inboxes) < expected && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(total(inboxes) >= expected, "received " + total(inboxes) + " of " + expected);
        Thread.sleep(300);
        assertEquals(expected, total(inboxes), "no more than sent");
    }

    static int total(Inbox... inboxes) {
        int sum = 0;
        for (Inbox inbox : inboxes) {
            sum += inbox.count();
        }
        return sum;
    }
}
