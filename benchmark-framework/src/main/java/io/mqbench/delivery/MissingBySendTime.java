package io.mqbench.delivery;

import java.util.List;
import java.util.Map;

/**
 * Confirmed messages that never arrived, counted by when they were sent relative to a window (a
 * fault and its recovery): before it, during it, after it. A message is counted once per
 * subscription that missed it, as in {@link DeliverySummary#missing}.
 */
public final class MissingBySendTime {
    public long sentBefore;
    public long sentDuring;
    public long sentAfter;
    /** Producers whose worker did not report send times (an older or an upstream worker). */
    public long timeUnknown;

    public MissingBySendTime() {}

    /** @param fromMicros start of the window, epoch µs (inclusive); {@code toMicros} its end (exclusive) */
    public static MissingBySendTime count(DeliveryReport report, Map<String, List<String>> subscriptionsByTopic,
                                          long fromMicros, long toMicros) {
        MissingBySendTime counts = new MissingBySendTime();
        report.producers.forEach((producerId, sent) -> {
            for (String key : subscriptionsByTopic.getOrDefault(sent.topic(), List.of())) {
                ReceiptLedger ledger = report.subscriptions.getOrDefault(key, Map.of()).get(producerId);
                SequenceBitmap seen = ledger == null ? new SequenceBitmap() : ledger.seen();
                sent.confirmed().forEachMissingFrom(seen, sequence -> {
                    long micros = sent.sendTimes() == null ? -1 : sent.sendTimes().microsOf(sequence);
                    if (micros < 0) {
                        counts.timeUnknown++;
                    } else if (micros < fromMicros) {
                        counts.sentBefore++;
                    } else if (micros < toMicros) {
                        counts.sentDuring++;
                    } else {
                        counts.sentAfter++;
                    }
                });
            }
        });
        return counts;
    }
}
