package io.mqbench.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * What one side records (the producers' sends, or the consumers' receipts), taken as one cut:
 * that side's latency histograms, bytes and send errors swap together. Writers never block: they
 * record into the active buffer inside a critical section of HdrHistogram's {@link
 * WriterReaderPhaser} (the mechanism of its Recorder, here shared by the side's series); a reader
 * flips the buffers and waits until writers in the old one have left. A message's count, bytes and
 * latencies therefore always land in the same period, so a period's msg/s and MB/s agree exactly.
 *
 * <p>Sends and receipts have a recorder each ({@link #forSends()}, {@link #forReceipts()}): with
 * one for both, a sender and a consumer thread wrote the same phaser counters on every message and
 * each paid three to four times what it paid alone (microbenchmarks/: WorkerStatsBenchmark). Each
 * side still cuts exactly; the two cuts are taken one after the other, microseconds apart.
 */
final class PeriodRecorder {
    /**
     * The largest latency the period histograms hold, in microseconds: a year (a message left in a
     * durable queue by a run weeks ago still shows its true age). A fixed range lets them be
     * {@link AtomicHistogram}s, whose recording is one atomic increment where a
     * {@link org.HdrHistogram.ConcurrentHistogram} (which resizes itself) takes a phaser of its own
     * on every value (microbenchmarks/: HistogramRecordingBenchmark); the buffers' phaser already
     * gives the cut. Anything longer (a broker timestamp of 0) is recorded as a year.
     */
    static final long HIGHEST_MICROS = 365L * 24 * 3600 * 1_000_000;
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final boolean sends;
    private volatile Buffer active;
    private Buffer idle;

    private PeriodRecorder(boolean sends) {
        this.sends = sends;
        this.active = new Buffer(sends);
        this.idle = new Buffer(sends);
    }

    /** Publish latency, publish delay, bytes sent and send errors. */
    static PeriodRecorder forSends() {
        return new PeriodRecorder(true);
    }

    /** End-to-end latency and bytes received. */
    static PeriodRecorder forReceipts() {
        return new PeriodRecorder(false);
    }

    void recordSent(int bytes, long publishMicros, long publishDelayMicros) {
        assert sends : "a send recorded on the receipts' recorder";
        long phase = phaser.writerCriticalSectionEnter();
        try {
            Buffer buffer = active;
            buffer.publish.recordValue(bounded(publishMicros));
            buffer.publishDelay.recordValue(bounded(publishDelayMicros));
            buffer.bytesSent.add(bytes);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    void recordSendError(long publishDelayMicros) {
        assert sends : "a send error recorded on the receipts' recorder";
        long phase = phaser.writerCriticalSectionEnter();
        try {
            Buffer buffer = active;
            buffer.publishDelay.recordValue(bounded(publishDelayMicros));
            buffer.sendErrors.increment();
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    void recordReceived(int bytes, long endToEndMicros) {
        assert !sends : "a receipt recorded on the sends' recorder";
        long phase = phaser.writerCriticalSectionEnter();
        try {
            Buffer buffer = active;
            buffer.endToEnd.recordValue(bounded(endToEndMicros));
            buffer.bytesReceived.add(bytes);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    private static long bounded(long micros) {
        return Math.min(micros, HIGHEST_MICROS);
    }

    /** Everything recorded since the last call, as one cut. */
    synchronized Window take() {
        phaser.readerLock();
        try {
            Buffer taken = active;
            active = idle;
            phaser.flipPhase();
            Window window = taken.toWindow();
            taken.reset();
            idle = taken;
            return window;
        } finally {
            phaser.readerUnlock();
        }
    }

    /** One side's series; the other side's histograms are left out (each holds about 0.7 MB of counts). */
    private static final class Buffer {
        final AtomicHistogram publish;
        final AtomicHistogram publishDelay;
        final AtomicHistogram endToEnd;
        final LongAdder bytesSent = new LongAdder();
        final LongAdder bytesReceived = new LongAdder();
        final LongAdder sendErrors = new LongAdder();

        Buffer(boolean sends) {
            publish = sends ? histogram() : null;
            publishDelay = sends ? histogram() : null;
            endToEnd = sends ? null : histogram();
        }

        private static AtomicHistogram histogram() {
            return new AtomicHistogram(HIGHEST_MICROS, WorkerStats.SIGNIFICANT_DIGITS);
        }

        Window toWindow() {
            Window window = new Window();
            if (publish != null) {
                window.publish.add(publish);
                window.publishDelay.add(publishDelay);
            } else {
                window.endToEnd.add(endToEnd);
            }
            window.bytesSent = bytesSent.sum();
            window.bytesReceived = bytesReceived.sum();
            window.sendErrors = sendErrors.sum();
            return window;
        }

        void reset() {
            if (publish != null) {
                publish.reset();
                publishDelay.reset();
            } else {
                endToEnd.reset();
            }
            bytesSent.reset();
            bytesReceived.reset();
            sendErrors.reset();
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
