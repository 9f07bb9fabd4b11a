package io.mqbench.stats;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters and latency series of one worker, fed by its producers and consumers from many
 * threads at once, in microseconds. Periods are taken as one cut of everything ({@link
 * PeriodRecorder}); the totals keep counting until the worker stops, because the coordinator
 * computes the backlog from them. Sends and receipts are recorded apart, so producer and consumer
 * threads never write the same memory for a message ({@link PeriodRecorder}).
 *
 * <p>The histograms resize themselves, so a latency far beyond expectations is recorded, never
 * dropped and never an exception. Negative end-to-end values (clock skew between hosts) are
 * recorded as 0 and counted, so the result can say how many there were.
 */
public final class WorkerStats {
    /** Three digits keep 0.1 % precision at any magnitude at a few KB per histogram. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final PeriodRecorder sends = PeriodRecorder.forSends();
    private final PeriodRecorder receipts = PeriodRecorder.forReceipts();
    /** Rare events; the totals of sent and received messages are the recorders' ({@link PeriodRecorder#total()}). */
    private final LongAdder totalMessageSendErrors = new LongAdder();
    private final LongAdder negativeEndToEnd = new LongAdder();
    /** Guarded by this: what was taken from the recorder but not yet handed out as a period, and since the last reset. */
    private PeriodRecorder.Window period = new PeriodRecorder.Window();
    private PeriodRecorder.Window sinceReset = new PeriodRecorder.Window();
    /** Guarded by this: everything since this object was made (a worker makes one per run), for the metrics page. */
    private final PeriodRecorder.Window sinceStart = new PeriodRecorder.Window();

    /** A send the broker acknowledged. */
    public void recordSent(int bytes, long publishLatencyMicros, long publishDelayMicros) {
        sends.recordSent(bytes, Math.max(0, publishLatencyMicros), Math.max(0, publishDelayMicros));
    }

    /** A send that failed; its publish delay still counts, it was still late or on time. */
    public void recordSendError(long publishDelayMicros) {
        sends.recordSendError(Math.max(0, publishDelayMicros));
        totalMessageSendErrors.increment();
    }

    public void recordReceived(int bytes, long endToEndMicros) {
        if (endToEndMicros < 0) {
            negativeEndToEnd.increment();
            endToEndMicros = 0;
        }
        receipts.recordReceived(bytes, endToEndMicros);
    }

    /** Probe messages count in the totals only, so that the backlog stays right. */
    public void recordProbeSent() {
        sends.countOnly();
    }

    public void recordProbeReceived() {
        receipts.countOnly();
    }

    /**
     * The period since the last one. Its message counts are the counts of its latency histograms
     * (every sent message has a publish latency, every received one an end-to-end latency), and its
     * bytes were cut at the same instant, so counts, bytes and histograms always agree.
     */
    public synchronized PeriodStats takePeriod() {
        drain();
        PeriodRecorder.Window taken = period;
        period = new PeriodRecorder.Window();
        PeriodStats stats = new PeriodStats();
        stats.publishLatency = taken.publish;
        stats.publishDelayLatency = taken.publishDelay;
        stats.endToEndLatency = taken.endToEnd;
        stats.messagesSent = taken.publish.getTotalCount();
        stats.messagesReceived = taken.endToEnd.getTotalCount();
        stats.messageSendErrors = taken.sendErrors;
        stats.bytesSent = taken.bytesSent;
        stats.bytesReceived = taken.bytesReceived;
        stats.totalMessagesSent = sends.total();
        stats.totalMessageSendErrors = totalMessageSendErrors.sum();
        stats.totalMessagesReceived = receipts.total();
        return stats;
    }

    /** Everything recorded since the last {@link #reset()}; the period in progress keeps its share. */
    public synchronized CumulativeLatencies cumulativeLatencies() {
        drain();
        CumulativeLatencies latencies = copyOf(sinceReset);
        latencies.negativeEndToEndLatencies = negativeEndToEnd.sum();
        return latencies;
    }

    /**
     * Every latency since this object was made, whatever the resets: the metrics page's
     * histograms must only grow while a run goes on, and the coordinator resets at the end of
     * the warm-up.
     */
    public synchronized CumulativeLatencies runLatencies() {
        drain();
        return copyOf(sinceStart);
    }

    private static CumulativeLatencies copyOf(PeriodRecorder.Window window) {
        CumulativeLatencies latencies = new CumulativeLatencies();
        latencies.publishLatency = window.publish.copy();
        latencies.publishDelayLatency = window.publishDelay.copy();
        latencies.endToEndLatency = window.endToEnd.copy();
        return latencies;
    }

    public CountersStats counters() {
        CountersStats counters = new CountersStats();
        counters.messagesSent = sends.total();
        counters.messagesReceived = receipts.total();
        counters.messageSendErrors = totalMessageSendErrors.sum();
        return counters;
    }

    /** Empties the latency series and the period counters; the totals go on (see class comment). */
    public synchronized void reset() {
        drain();
        period = new PeriodRecorder.Window();
        sinceReset = new PeriodRecorder.Window();
        negativeEndToEnd.reset();
    }

    private void drain() {
        for (PeriodRecorder recorder : List.of(sends, receipts)) {
            PeriodRecorder.Window cut = recorder.take();
            period.add(cut);
            sinceReset.add(cut);
            sinceStart.add(cut);
        }
    }
}
