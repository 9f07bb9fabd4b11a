package io.mqbench.worker.commands;

/** A worker's running totals (OMB's {@code /counters-stats}), cheap enough to ask for every second. */
public class CountersStats {
    public long messagesSent;
    public long messagesReceived;
    public long messageSendErrors;

    /** mqbench: distinct (subscription, producer) pairs that received a probe message. */
    public long probesReceived;

    public CountersStats plus(CountersStats other) {
        CountersStats sum = new CountersStats();
        sum.messagesSent = messagesSent + other.messagesSent;
        sum.messagesReceived = messagesReceived + other.messagesReceived;
        sum.messageSendErrors = messageSendErrors + other.messageSendErrors;
        sum.probesReceived = probesReceived + other.probesReceived;
        return sum;
    }
}
