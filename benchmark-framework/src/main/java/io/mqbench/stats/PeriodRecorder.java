package io.mqbench.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * What one side records (the producers' sends, or the consumers' receipts), taken as one cut:
 * that side's latency histograms, bytes and send errors swap together, so a period's msg/s and MB/s
 * agree exactly.
 *
 * <p>Each thread that records has a {@link Lane} of its own: two buffers of plain histograms and
 * counters, written by that thread alone inside a critical section of HdrHistogram's {@link
 * WriterReaderPhaser} (the mechanism of its Recorder). A reader flips each lane's buffers and waits
 * until its writer has left the old one. Writers never block and never share memory: recording a
 * send is two uncontended atomic increments (the phaser's) and plain stores, where histograms
 * shared by all threads took eight atomic updates a send (each atomic histogram's count and total,
 * the phaser's two, the bytes); at 3 M msg/s on the loopback that was a fifth of the sender
 * thread's time (driver-loopback/README.md). The lanes of one side are flipped one after another,
 * microseconds apart: a message lands wholly in one period, and each period's histograms and
 * counts come from the same flips.
 *
 * <p>Each lane also keeps a running count of its messages, never flipped: the side's {@link
 * #total()}, which the coordinator's backlog is computed from. A count shared by all threads (a
 * {@code LongAdder}) was a compare-and-swap on every message, 4-7 % of the sender's and the
 * consumer's time at 3 M msg/s on the loopback; a lane's count is a plain store.
 *
 * <p>Sends and receipts have a recorder each ({@link #forSends()}, {@link #forReceipts()}); a
 * thread that both sends and receives has a lane in each.
 */
final class PeriodRecorder {
    /**
     * The largest latency recorded, in microseconds: a year (a message left in a durable queue by
     * a run weeks ago still shows its true age). Anything longer (a broker timestamp of 0) is
     * recorded as a year.
     */
    static final long HIGHEST_MICROS = 365L * 24 * 3600 * 1_000_000;

    private final boolean sends;
    /** The lane of each thread that recorded here; read by {@link #take()}. */
    private final ThreadLocal<Lane> own = ThreadLocal.withInitial(this::newLane);
    private final List<Lane> lanes = new CopyOnWriteArrayList<>();
    /** Guarded by this: the counts of the lanes dropped since their threads ended. */
    private long retiredTotal;

    private PeriodRecorder(boolean sends) {
        this.sends = sends;
    }

    /** Publish latency, publish delay, bytes sent and send errors. */
    static PeriodRecorder forSends() {
        return new PeriodRecorder(true);
    }

    /** End-to-end latency and bytes received. */
    static PeriodRecorder forReceipts() {
        return new PeriodRecorder(false);
    }

    private Lane newLane() {
        Lane lane = new Lane(Thread.currentThread(), sends);
        lanes.add(lane);
        return lane;
    }

    void recordSent(int bytes, long publishMicros, long publishDelayMicros) {
        assert sends : "a send recorded on the receipts' recorder";
        own.get().recordSent(bytes, bounded(publishMicros), bounded(publishDelayMicros));
    }

    void recordSendError(long publishDelayMicros) {
        assert sends : "a send error recorded on the receipts' recorder";
        own.get().recordSendError(bounded(publishDelayMicros));
    }

    void recordReceived(int bytes, long endToEndMicros) {
        assert !sends : "a receipt recorded on the sends' recorder";
        own.get().recordReceived(bytes, bounded(endToEndMicros));
    }

    /** A message that counts in {@link #total()} only (a probe: no latency, no bytes). */
    void countOnly() {
        own.get().count();
    }

    /** Every message recorded or counted here so far, by every thread; never reset. */
    synchronized long total() {
        long total = retiredTotal;
        for (Lane lane : lanes) {
            total += lane.total();
        }
        return total;
    }

    private static long bounded(long micros) {
        return Math.min(micros, HIGHEST_MICROS);
    }

    /**
     * Everything recorded since the last call, as one cut. The lane of a thread that has ended is
     * taken one last time and dropped: whatever it wrote happened before its end was seen.
     */
    synchronized Window take() {
        Window window = new Window();
        for (Lane lane : lanes) {
            boolean ended = !lane.writer.isAlive();
            lane.takeInto(window);
            if (ended) {
                retiredTotal += lane.total();
                lanes.remove(lane);
            }
        }
        return window;
    }

    /** How many threads' lanes are kept now. */
    int laneCount() {
        return lanes.size();
    }

    /** One thread's recordings: written by that thread only, read by {@link #take()} after a flip. */
    private static final class Lane {
        private static final VarHandle TOTAL;

        static {
            try {
                TOTAL = MethodHandles.lookup().findVarHandle(Lane.class, "total", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final Thread writer;
        private final WriterReaderPhaser phaser = new WriterReaderPhaser();
        private volatile Buffer active;
        private Buffer idle;
        /** Messages so far: written by the writer alone (a release store, a plain one on x86), read by any thread. */
        @SuppressWarnings("unused") // through TOTAL
        private long total;

        Lane(Thread writer, boolean sends) {
            this.writer = writer;
            this.active = new Buffer(sends);
            this.idle = new Buffer(sends);
        }

        void recordSent(int bytes, long publishMicros, long publishDelayMicros) {
            count();
            long phase = phaser.writerCriticalSectionEnter();
            try {
                Buffer buffer = active;
                buffer.publish.recordValue(publishMicros);
                buffer.publishDelay.recordValue(publishDelayMicros);
                buffer.bytesSent += bytes;
            } finally {
                phaser.writerCriticalSectionExit(phase);
            }
        }

        void recordSendError(long publishDelayMicros) {
            long phase = phaser.writerCriticalSectionEnter();
            try {
                Buffer buffer = active;
                buffer.publishDelay.recordValue(publishDelayMicros);
                buffer.sendErrors++;
            } finally {
                phaser.writerCriticalSectionExit(phase);
            }
        }

        void recordReceived(int bytes, long endToEndMicros) {
            count();
            long phase = phaser.writerCriticalSectionEnter();
            try {
                Buffer buffer = active;
                buffer.endToEnd.recordValue(endToEndMicros);
                buffer.bytesReceived += bytes;
            } finally {
                phaser.writerCriticalSectionExit(phase);
            }
        }

        /**
         * One more message; the writer's thread only. Counted before its latency is recorded, so
         * a reader that cuts the histograms and then reads the total never sees more latencies
         * than messages.
         */
        void count() {
            TOTAL.setRelease(this, (long) TOTAL.get(this) + 1);
        }

        long total() {
            return (long) TOTAL.getAcquire(this);
        }

        /** Swaps the buffers, waits for the writer to leave the old one, adds it to {@code window} and empties it. */
        void takeInto(Window window) {
            phaser.readerLock();
            try {
                Buffer taken = active;
                active = idle;
                phaser.flipPhase();
                taken.addTo(window);
                taken.reset();
                idle = taken;
            } finally {
                phaser.readerUnlock();
            }
        }
    }

    /** One side's series; the other side's are left out. Plain: one writer, read only after a flip. */
    private static final class Buffer {
        final Histogram publish;
        final Histogram publishDelay;
        final Histogram endToEnd;
        long bytesSent;
        long bytesReceived;
        long sendErrors;

        Buffer(boolean sends) {
            publish = sends ? histogram() : null;
            publishDelay = sends ? histogram() : null;
            endToEnd = sends ? null : histogram();
        }

        /** Resizes itself as values come (the writer's thread allocates, rarely); three digits kept. */
        private static Histogram histogram() {
            return new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
        }

        void addTo(Window window) {
            if (publish != null) {
                window.publish.add(publish);
                window.publishDelay.add(publishDelay);
            } else {
                window.endToEnd.add(endToEnd);
            }
            window.bytesSent += bytesSent;
            window.bytesReceived += bytesReceived;
            window.sendErrors += sendErrors;
        }

        void reset() {
            if (publish != null) {
                publish.reset();
                publishDelay.reset();
            } else {
                endToEnd.reset();
            }
            bytesSent = 0;
            bytesReceived = 0;
            sendErrors = 0;
        }
    }

    /** A stretch of time's recordings, no longer written to. Sent and received counts are its histograms' counts. */
    static final class Window {
        final Histogram publish = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
        final Histogram publishDelay = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
        final Histogram endToEnd = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
        long bytesSent;
        long bytesReceived;
        long sendErrors;

        void add(Window other) {
            publish.add(other.publish);
            publishDelay.add(other.publishDelay);
            endToEnd.add(other.endToEnd);
            bytesSent += other.bytesSent;
            bytesReceived += other.bytesReceived;
            sendErrors += other.sendErrors;
        }
    }
}
