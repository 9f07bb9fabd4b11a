package io.mqbench.driver.loopback;

import io.mqbench.driver.api.StampedPayload;
import io.mqbench.driver.support.CacheLinePadding;
import java.util.Arrays;
import org.jctools.queues.SpscUnboundedArrayQueue;

/**
 * A partition's messages in the order they were sent, like a log, kept in one lane per sending
 * thread. Each lane has a single producer and a single consumer, so a send is an ordered store into
 * the lane's array and no atomic read-modify-write: the shared multi-producer queue this replaces
 * spent a locked add on its index for every message, which on x86 also waits for the sender's
 * earlier stores (the payload just copied) to drain; each side's CPU per message fell 5-16 % at
 * 1.5 M msg/s (driver-loopback/README.md, "A lane per sending thread"). With one sending thread
 * there is one lane and the consumer reads it directly; with several, it takes the lane whose head
 * was sent first (by the harness's stamp, or the envelope's publish time), so the partition stays
 * in send order across threads and no thread's messages overtake another's backlog.
 *
 * <p>Lanes of threads that have ended are dropped once they are empty. A thread that sends again
 * after its lane was dropped gets a new one.
 */
final class SendOrderLanes implements PartitionMessages {
    /** Messages per chunk of a lane: small, as a run may have a lane per producer thread in each partition. */
    private static final int CHUNK = 1024;
    private static final Lane[] NONE = new Lane[0];
    /**
     * Lanes of ended threads are looked for once in this many times that every lane was found
     * empty: {@link Thread#isAlive()} is a native call, too dear for each time a busy consumer
     * catches up.
     */
    private static final int DROP_CHECK_EVERY = 64;

    private record Lane(Thread owner, SpscUnboundedArrayQueue<Object> messages) {}

    /**
     * Handed on between consumers by {@link PartitionQueue#claim()}. Padded before and after (see
     * {@link CacheLinePadding}) so that no other object's fields share their cache lines: the sends
     * read {@link #lanes}, and the next partition's sends its own fields.
     */
    private static class ConsumerFields extends CacheLinePadding {
        /**
         * The lane {@link #peek()} found, so that the {@link #poll()} after it takes the very message
         * peeked at (a timed queue checks its due time in between).
         */
        Lane peeked;
        /** How many more times every lane may be found empty before ended threads' lanes are looked for. */
        int emptyUntilDropCheck = DROP_CHECK_EVERY;
    }

    @SuppressWarnings("unused")
    private static final class ConsumerSide extends ConsumerFields {
        long t00, t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15;
    }

    /** Copied on change (a thread's first send, a lane dropped), read on every send and poll. */
    private volatile Lane[] lanes = NONE;
    /** What only the consumer writes, kept off the cache line of {@link #lanes}, which every send reads. */
    private final ConsumerSide consumer = new ConsumerSide();

    @Override
    public void offer(Object message) {
        laneOf(Thread.currentThread()).messages().offer(message);
    }

    @Override
    public Object poll() {
        Lane lane = consumer.peeked;
        if (lane == null) {
            lane = next();
        } else {
            consumer.peeked = null;
        }
        return lane == null ? null : lane.messages().poll();
    }

    @Override
    public Object peek() {
        Lane lane = next();
        consumer.peeked = lane;
        return lane == null ? null : lane.messages().peek();
    }

    @Override
    public boolean isEmpty() {
        for (Lane lane : lanes) {
            if (!lane.messages().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** How many lanes there are now (for tests). */
    int lanes() {
        return lanes.length;
    }

    private Lane laneOf(Thread thread) {
        for (Lane lane : lanes) {
            if (lane.owner() == thread) {
                return lane;
            }
        }
        return addLane(thread);
    }

    private synchronized Lane addLane(Thread thread) {
        Lane lane = new Lane(thread, new SpscUnboundedArrayQueue<>(CHUNK));
        Lane[] grown = Arrays.copyOf(lanes, lanes.length + 1);
        grown[grown.length - 1] = lane;
        lanes = grown;
        return lane;
    }

    /**
     * The lane whose head was sent first; null if every lane is empty (then, now and again, ended
     * threads' lanes are dropped). Send times are read only when two or more lanes have messages.
     */
    private Lane next() {
        Lane[] all = lanes;
        if (all.length == 1) {
            return all[0];
        }
        Lane first = null;
        Object firstHead = null;
        long firstSentMicros = Long.MIN_VALUE;
        for (Lane lane : all) {
            Object head = lane.messages().peek();
            if (head == null) {
                continue;
            }
            if (first == null) {
                first = lane;
                firstHead = head;
                continue;
            }
            if (firstSentMicros == Long.MIN_VALUE) {
                firstSentMicros = sentMicros(firstHead);
            }
            long sentMicros = sentMicros(head);
            if (sentMicros - firstSentMicros < 0) {
                first = lane;
                firstSentMicros = sentMicros;
            }
        }
        if (first == null && --consumer.emptyUntilDropCheck <= 0) {
            consumer.emptyUntilDropCheck = DROP_CHECK_EVERY;
            dropEndedLanes();
        }
        return first;
    }

    private static long sentMicros(Object message) {
        if (message instanceof byte[] stamped) {
            return StampedPayload.sendMicros(stamped);
        }
        Envelope envelope = (Envelope) message;
        long stamp = StampedPayload.sendMicros(envelope.payload());
        return stamp >= 0 ? stamp : envelope.publishMillis() * 1_000;
    }

    /**
     * Drops the lanes of threads that have ended and left nothing behind. A thread's end happens
     * before {@link Thread#isAlive()} returns false, so its last message is visible by then.
     */
    private synchronized void dropEndedLanes() {
        Lane[] kept = new Lane[lanes.length];
        int count = 0;
        for (Lane lane : lanes) {
            if (lane.owner().isAlive() || !lane.messages().isEmpty()) {
                kept[count++] = lane;
            }
        }
        if (count != lanes.length) {
            lanes = Arrays.copyOf(kept, count);
        }
    }
}
