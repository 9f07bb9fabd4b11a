package io.mqbench.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * What producers and consumers record, taken as one cut: latency histograms, bytes and send errors
 * swap together. Writers never block: they record into the active buffer inside a critical section
 * of HdrHistogram's {@link WriterReaderPhaser} (the mechanism of its Recorder, here shared by all
 * the series); a reader flips the buffers and waits until writers in the old one have left. A
 * message's count, bytes and latencies therefore always land in the same period, so a period's
 * msg/s and MB/s agree exactly.
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
    private volatile Buffer active = new Buffer();
    private Buffer idle = new Buffer();

    void recordSent(int bytes, long publishMicros, long publishDelayMicros) {
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

    private static final class Buffer {
        final AtomicHistogram publish = new AtomicHistogram(HIGHEST_MICROS, WorkerStats.SIGNIFICANT_DIGITS);
        final AtomicHistogram publishDelay = new AtomicHistogram(HIGHEST_MICROS, WorkerStats.SIGNIFICANT_DIGITS);
        final AtomicHistogram endToEnd = new AtomicHistogram(HIGHEST_MICROS, WorkerStats.SIGNIFICANT_DIGITS);
        final LongAdder bytesSent = new LongAdder();
        final LongAdder bytesReceived = new LongAdder();
        final LongAdder sendErrors = new LongAdder();

        Window toWindow() {
            Window window = new Window();
            window.publish.add(publish);
            window.publishDelay.add(publishDelay);
            window.endToEnd.add(endToEnd);
            window.bytesSent = bytesSent.sum();
            window.bytesReceived = bytesReceived.sum();
            window.sendErrors = sendErrors.sum();
            return window;
        }

        void reset() {
            publish.reset();
            publishDelay.reset();
            endToEnd.reset();
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
