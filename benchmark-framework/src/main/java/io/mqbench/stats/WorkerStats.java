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
    private final LongAdder messagesSent = new LongAdder();
    private final LongAdder messageSendErrors = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder messagesReceived = new LongAdder();
    private final LongAdder bytesReceived = new LongAdder();

    private final LongAdder totalMessagesSent = new LongAdder();
    private final LongAdder totalMessageSendErrors = new LongAdder();
    private final LongAdder totalMessagesReceived = new LongAdder();

    private final LatencyMetric publishLatency = new LatencyMetric();
    private final LatencyMetric publishDelayLatency = new LatencyMetric();
    private final LatencyMetric endToEndLatency = new LatencyMetric();

    /** A send the broker acknowledged. */
    public void recordSent(int bytes, long publishLatencyMicros, long publishDelayMicros) {
        messagesSent.increment();
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
        messagesReceived.increment();
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

    public PeriodStats takePeriod() {
        PeriodStats stats = new PeriodStats();
        stats.messagesSent = messagesSent.sumThenReset();
        stats.messageSendErrors = messageSendErrors.sumThenReset();
        stats.bytesSent = bytesSent.sumThenReset();
        stats.messagesReceived = messagesReceived.sumThenReset();
        stats.bytesReceived = bytesReceived.sumThenReset();
        stats.totalMessagesSent = totalMessagesSent.sum();
        stats.totalMessageSendErrors = totalMessageSendErrors.sum();
        stats.totalMessagesReceived = totalMessagesReceived.sum();
        stats.publishLatency = publishLatency.takePeriod();
        stats.publishDelayLatency = publishDelayLatency.takePeriod();
        stats.endToEndLatency = endToEndLatency.takePeriod();
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
        messagesSent.reset();
        messageSendErrors.reset();
        bytesSent.reset();
        messagesReceived.reset();
        bytesReceived.reset();
        publishLatency.reset();
        publishDelayLatency.reset();
        endToEndLatency.reset();
    }
}
