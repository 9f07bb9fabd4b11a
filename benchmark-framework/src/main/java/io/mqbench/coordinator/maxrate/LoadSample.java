package io.mqbench.coordinator.maxrate;

import io.mqbench.stats.CountersStats;

/**
 * The workers' running totals at one moment: sends acknowledged, messages received (over all
 * subscriptions), sends still waiting for an acknowledgement, and failed sends.
 */
public record LoadSample(long nanos, long sent, long received, long inFlight, long errors) {

    public static LoadSample of(CountersStats counters, long nanos) {
        return new LoadSample(nanos, counters.messagesSent, counters.messagesReceived, counters.messagesInFlight,
                counters.messageSendErrors);
    }

    /** Deliveries still owed: every subscription gets every acknowledged message. Not clamped, so a trend stays linear. */
    double backlog(int subscriptions) {
        return (double) sent * subscriptions - received;
    }

    /** What the system still holds for consumers: the backlog and the sends not yet acknowledged. */
    double outstanding(int subscriptions) {
        return backlog(subscriptions) + (double) inFlight * subscriptions;
    }

    double secondsSince(LoadSample earlier) {
        return (nanos - earlier.nanos) / 1e9;
    }
}
