package io.mqbench.stats;

/** A worker's running totals (OMB's {@code /counters-stats}), cheap enough to ask for every second. */
public class CountersStats {
    public long messagesSent;
    public long messagesReceived;
    public long messageSendErrors;

    /** mqbench: distinct (subscription, producer) pairs that received a probe message. */
    public long probesReceived;

    /** mqbench: sends waiting for the broker's acknowledgement now (0 from an upstream OMB worker). */
    public long messagesInFlight;

    public CountersStats plus(CountersStats other) {
        CountersStats sum = new CountersStats();
        sum.messagesSent = messagesSent + other.messagesSent;
        sum.messagesReceived = messagesReceived + other.messagesReceived;
        sum.messageSendErrors = messageSendErrors + other.messageSendErrors;
        sum.probesReceived = probesReceived + other.probesReceived;
        sum.messagesInFlight = messagesInFlight + other.messagesInFlight;
        return sum;
    }
}
