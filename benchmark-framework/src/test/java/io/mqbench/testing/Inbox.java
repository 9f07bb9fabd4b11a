package io.mqbench.testing;

import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A consumer callback that keeps every payload it gets, in arrival order, with its publish
 * timestamp and arrival time, and lets a test wait for a count. Shared with the driver modules'
 * tests through this module's test-jar, so each driver's tests check real deliveries the same way.
 * Not final: a test may override {@code messageReceived(byte[], long)} to act as an application
 * would (fail a delivery, hang) and call {@code super} to keep what arrived.
 */
public class Inbox implements ConsumerCallback {
    private final List<byte[]> payloads = new ArrayList<>();
    private final List<Long> publishTimestamps = new ArrayList<>();
    private final List<Long> arrivalNanos = new ArrayList<>();
    private final List<Long> arrivalMillis = new ArrayList<>();

    @Override
    public synchronized void messageReceived(byte[] payload, long publishTimestamp) {
        payloads.add(payload);
        publishTimestamps.add(publishTimestamp);
        arrivalNanos.add(System.nanoTime());
        arrivalMillis.add(System.currentTimeMillis());
        notifyAll();
    }

    @Override
    public void messageReceived(ByteBuffer payload, long publishTimestamp) {
        byte[] copy = new byte[payload.remaining()];
        payload.get(copy);
        messageReceived(copy, publishTimestamp);
    }

    public synchronized int count() {
        return payloads.size();
    }

    public synchronized List<byte[]> payloads() {
        return new ArrayList<>(payloads);
    }

    public synchronized List<Long> publishTimestamps() {
        return new ArrayList<>(publishTimestamps);
    }

    /** When each message arrived ({@link System#nanoTime()}), to order the arrivals of several inboxes. */
    public synchronized List<Long> arrivalNanos() {
        return new ArrayList<>(arrivalNanos);
    }

    /** When each message arrived on the wall clock (epoch ms), to compare with times a driver or broker wrote down. */
    public synchronized List<Long> arrivalMillis() {
        return new ArrayList<>(arrivalMillis);
    }

    /**
     * Waits until the inboxes together hold at least {@code expected} messages, then a little
     * longer for strays, and returns the total (so a test can assert that no more than sent arrived).
     */
    public static int awaitTotal(int expected, long timeoutMillis, Inbox... inboxes) throws InterruptedException {
        return awaitTotal(expected, timeoutMillis, 300, inboxes);
    }

    /** The same, waiting {@code strayMillis} for strays (a broker that delivers in batches may want longer). */
    public static int awaitTotal(int expected, long timeoutMillis, long strayMillis, Inbox... inboxes) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (total(inboxes) < expected && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(strayMillis);
        return total(inboxes);
    }

    public static int total(Inbox... inboxes) {
        int sum = 0;
        for (Inbox inbox : inboxes) {
            sum += inbox.count();
        }
        return sum;
    }
}
