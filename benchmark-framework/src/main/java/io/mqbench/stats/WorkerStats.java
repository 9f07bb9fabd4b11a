package io.mqbench.stats;

import io.mqbench.worker.commands.CountersStats;
import io.mqbench.worker.commands.CumulativeLatencies;
import io.mqbench.worker.commands.PeriodStats;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters and latency series of one worker, fed by its producers and consumers from many
 * threads at once. Period counters are emptied each time a period is taken; the totals keep
 * counting until the worker stops, because the coordinator computes the backlog from them.
 */
public final class WorkerStats {
    private final LongAdder messageSendErrors = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder bytesReceived = new LongAdder();

    private final LongAdder totalMessagesSent = new LongAdder();
    private final LongAdder totalMessageSendErrors = new LongAdder();
    private final LongAdder totalMessagesReceived = new LongAdder();

    private final LatencyMetric publishLatency = new LatencyMetric();
    private final LatencyMetric publishDelayLatency = new LatencyMetric();
    private final LatencyMetric endToEndLatency = new LatencyMetric();

    /** A send the broker acknowledged. */
    public void recordSent(int bytes, long publishLatencyMicros, long publishDelayMicros) {
        totalMessagesSent.increment();
        bytesSent.add(bytes);
        publishLatency.record(publishLatencyMicros);
        publishDelayLatency.record(publishDelayMicros);
    }

    /** A send that failed; its publish delay still counts, it was still late or on time. */
    public void recordSendError(long publishDelayMicros) {
        messageSendErrors.increment();
        totalMessageSendErrors.increment();
        publishDelayLatency.record(publishDelayMicros);
    }

    public void recordReceived(int bytes, long endToEndMicros) {
        totalMessagesReceived.increment();
        bytesReceived.add(bytes);
        endToEndLatency.record(endToEndMicros);
    }

    /** Probe messages count in the totals only, so that the backlog stays right. */
    public void recordProbeSent() {
        totalMessagesSent.increment();
    }

    public void recordProbeReceived() {
        totalMessagesReceived.increment();
    }

    /**
     * The period since the last one. Its message counts are the counts of its latency histograms
     * (every sent message has a publish latency, every received one an end-to-end latency): taken
     * in one snapshot, they always agree with the histograms, which separate counters read a moment
     * apart would not.
     */
    public PeriodStats takePeriod() {
        PeriodStats stats = new PeriodStats();
        stats.publishLatency = publishLatency.takePeriod();
        stats.publishDelayLatency = publishDelayLatency.takePeriod();
        stats.endToEndLatency = endToEndLatency.takePeriod();
        stats.messagesSent = stats.publishLatency.getTotalCount();
        stats.messagesReceived = stats.endToEndLatency.getTotalCount();
        stats.messageSendErrors = messageSendErrors.sumThenReset();
        stats.bytesSent = bytesSent.sumThenReset();
        stats.bytesReceived = bytesReceived.sumThenReset();
        stats.totalMessagesSent = totalMessagesSent.sum();
        stats.totalMessageSendErrors = totalMessageSendErrors.sum();
        stats.totalMessagesReceived = totalMessagesReceived.sum();
        return stats;
    }

    public CumulativeLatencies cumulativeLatencies() {
        CumulativeLatencies latencies = new CumulativeLatencies();
        latencies.publishLatency = publishLatency.cumulative();
        latencies.publishDelayLatency = publishDelayLatency.cumulative();
        latencies.endToEndLatency = endToEndLatency.cumulative();
        latencies.negativeEndToEndLatencies = endToEndLatency.negativeValues();
        return latencies;
    }

    public CountersStats counters() {
        CountersStats counters = new CountersStats();
        counters.messagesSent = totalMessagesSent.sum();
        counters.messagesReceived = totalMessagesReceived.sum();
        counters.messageSendErrors = totalMessageSendErrors.sum();
        return counters;
    }

    /** Empties the latency series and the period counters; the totals go on (see class comment). */
    public void reset() {
        messageSendErrors.reset();
        bytesSent.reset();
        bytesReceived.reset();
        publishLatency.reset();
        publishDelayLatency.reset();
        endToEndLatency.reset();
    }
}
