package io.mqbench.stats;

import org.HdrHistogram.Histogram;

/**
 * What a worker measured in one period (OMB's {@code /period-stats} body). Latencies are in
 * microseconds. Totals count since the worker started, not since the period began.
 */
public class PeriodStats {
    public long messagesSent;
    public long messageSendErrors;
    public long bytesSent;

    public long messagesReceived;
    public long bytesReceived;

    public long totalMessagesSent;
    public long totalMessageSendErrors;
    public long totalMessagesReceived;

    public Histogram publishLatency = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
    public Histogram publishDelayLatency = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
    public Histogram endToEndLatency = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);

    /** The sum of two workers' periods; histograms are merged, never averaged. */
    public PeriodStats plus(PeriodStats other) {
        PeriodStats sum = new PeriodStats();
        sum.messagesSent = messagesSent + other.messagesSent;
        sum.messageSendErrors = messageSendErrors + other.messageSendErrors;
        sum.bytesSent = bytesSent + other.bytesSent;
        sum.messagesReceived = messagesReceived + other.messagesReceived;
        sum.bytesReceived = bytesReceived + other.bytesReceived;
        sum.totalMessagesSent = totalMessagesSent + other.totalMessagesSent;
        sum.totalMessageSendErrors = totalMessageSendErrors + other.totalMessageSendErrors;
        sum.totalMessagesReceived = totalMessagesReceived + other.totalMessagesReceived;
        sum.publishLatency.add(publishLatency);
        sum.publishLatency.add(other.publishLatency);
        sum.publishDelayLatency.add(publishDelayLatency);
        sum.publishDelayLatency.add(other.publishDelayLatency);
        sum.endToEndLatency.add(endToEndLatency);
        sum.endToEndLatency.add(other.endToEndLatency);
        return sum;
    }

    /**
     * This period and the one that came right after it, of the same workers, as one: counts
     * summed, totals of the later one, histograms merged.
     */
    public PeriodStats followedBy(PeriodStats later) {
        PeriodStats both = plus(later);
        both.totalMessagesSent = later.totalMessagesSent;
        both.totalMessageSendErrors = later.totalMessageSendErrors;
        both.totalMessagesReceived = later.totalMessagesReceived;
        return both;
    }
}
