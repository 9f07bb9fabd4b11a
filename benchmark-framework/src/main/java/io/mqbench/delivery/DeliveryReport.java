package io.mqbench.delivery;

import java.util.HashMap;
import java.util.Map;

/**
 * A worker's raw delivery ledgers: what its producers had confirmed and what its consumers
 * received, by subscription and producer. Reports of several workers {@link #merge merge} into one,
 * from which {@link DeliverySummary} computes lost, duplicated and out-of-order counts.
 */
public final class DeliveryReport {
    /** False when payloads were too small for the header: nothing below can be trusted then. */
    public boolean headerEnabled;

    /** Producer id to its topic and confirmed sequence numbers. */
    public final Map<Long, ProducerSent> producers = new HashMap<>();

    /** Subscription key ({@code topic/subscription}) to producer id to what arrived. */
    public final Map<String, Map<Long, ReceiptLedger>> subscriptions = new HashMap<>();

    /** Messages that arrived without an mqbench header (not sent by this run, or too small). */
    public long withoutHeader;

    /** @param sendTimes when its messages went out; null from a worker that does not say */
    public record ProducerSent(String topic, SequenceBitmap confirmed, SendTimes sendTimes) {}

    public void addProducer(ProducerLedger ledger) {
        producers.put(ledger.producerId(), new ProducerSent(ledger.topic(), ledger.confirmedSnapshot(), ledger.sendTimesSnapshot()));
    }

    public void addConsumer(ConsumerReceipts receipts) {
        Map<Long, ReceiptLedger> target =
                subscriptions.computeIfAbsent(receipts.subscriptionKey(), key -> new HashMap<>());
        receipts.snapshot().forEach((producerId, ledger) -> target.merge(producerId, ledger, (a, b) -> {
            a.merge(b);
            return a;
        }));
    }

    /** Folds another worker's report into this one. */
    public DeliveryReport merge(DeliveryReport other) {
        headerEnabled = headerEnabled || other.headerEnabled;
        withoutHeader += other.withoutHeader;
        other.producers.forEach((id, sent) -> producers.merge(id, sent, (a, b) -> {
            a.confirmed().addAll(b.confirmed());
            return a;
        }));
        other.subscriptions.forEach((key, ledgers) -> {
            Map<Long, ReceiptLedger> target = subscriptions.computeIfAbsent(key, k -> new HashMap<>());
            ledgers.forEach((id, ledger) -> target.merge(id, ledger.copy(), (a, b) -> {
                a.merge(b);
                return a;
            }));
        });
        return this;
    }
}
