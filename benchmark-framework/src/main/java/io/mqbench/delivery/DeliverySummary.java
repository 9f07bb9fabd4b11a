package io.mqbench.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The delivery counts a result carries: did every message the broker confirmed reach every
 * subscription, once, and in order? Computed from the merged {@link DeliveryReport} of all workers
 * once the consumers have drained what was sent.
 *
 * <p>Definitions, per subscription and producer: <b>lost</b> = confirmed by the broker but never
 * delivered; <b>duplicated</b> = deliveries beyond the first of the same message; <b>out of order</b>
 * = delivered after a later message of the same producer to the same consumer (meaningful where the
 * broker promises order, e.g. one partition); <b>delivered unconfirmed</b> = arrived although its send
 * failed or was never confirmed (not an error: the broker took it but the acknowledgement was lost
 * or late).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class DeliverySummary {
    /** Results list at most this many producers one by one; the totals always cover all. */
    static final int MAX_LISTED_PRODUCERS = 200;

    public boolean checked;
    public String note;
    public long confirmedMessages;
    public long expectedDeliveries;
    public long deliveries;
    public long uniqueDeliveries;
    public long lost;
    public long duplicated;
    public long outOfOrder;
    public long deliveredUnconfirmed;
    public long withoutHeader;
    public boolean drained;
    public double drainSeconds;
    public List<Counts> subscriptions;
    public List<Counts> producers;

    /** Counts for one subscription or one producer. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Counts {
        public String subscription;
        public Long producerId;
        public String topic;
        public long expected;
        public long delivered;
        public long lost;
        public long duplicated;
        public long outOfOrder;

        void add(long expected, ReceiptLedger ledger, long lost, long unique) {
            this.expected += expected;
            this.lost += lost;
            if (ledger != null) {
                delivered += ledger.received();
                duplicated += ledger.received() - unique;
                outOfOrder += ledger.outOfOrder();
            }
        }
    }

    /** A summary saying why delivery could not be checked. */
    public static DeliverySummary unchecked(String reason) {
        DeliverySummary summary = new DeliverySummary();
        summary.checked = false;
        summary.note = reason;
        return summary;
    }

    /**
     * @param subscriptionsByTopic every subscription key of the run, by topic, including ones that
     *     received nothing
     */
    public static DeliverySummary compute(
            DeliveryReport report,
            Map<String, List<String>> subscriptionsByTopic,
            boolean drained,
            double drainSeconds) {
        if (!report.headerEnabled) {
            DeliverySummary summary =
                    unchecked("payloads are smaller than the " + MessageHeader.SIZE
                            + "-byte mqbench header: end-to-end latency uses the driver's millisecond"
                            + " timestamp and delivery was not checked");
            summary.withoutHeader = report.withoutHeader;
            return summary;
        }
        DeliverySummary summary = new DeliverySummary();
        summary.checked = true;
        summary.drained = drained;
        summary.drainSeconds = drainSeconds;
        summary.withoutHeader = report.withoutHeader;
        if (!drained) {
            summary.note = "consumers had not received everything when the drain time ran out:"
                    + " 'lost' includes messages that may still have been on their way";
        }
        Map<String, Counts> bySubscription = new TreeMap<>();
        Map<Long, Counts> byProducer = new TreeMap<>();
        report.producers.forEach((producerId, sent) -> {
            long confirmed = sent.confirmed().cardinality();
            summary.confirmedMessages += confirmed;
            Counts producer = byProducer.computeIfAbsent(producerId, id -> newCounts(null, id, sent.topic()));
            for (String key : subscriptionsByTopic.getOrDefault(sent.topic(), List.of())) {
                ReceiptLedger ledger = report.subscriptions.getOrDefault(key, Map.of()).get(producerId);
                SequenceBitmap seen = ledger == null ? new SequenceBitmap() : ledger.seen();
                long unique = seen.cardinality();
                long lost = sent.confirmed().countMissingFrom(seen);
                summary.expectedDeliveries += confirmed;
                summary.uniqueDeliveries += unique;
                summary.lost += lost;
                summary.deliveredUnconfirmed += seen.countMissingFrom(sent.confirmed());
                bySubscription.computeIfAbsent(key, k -> newCounts(k, null, sent.topic()))
                        .add(confirmed, ledger, lost, unique);
                producer.add(confirmed, ledger, lost, unique);
            }
        });
        for (Counts counts : bySubscription.values()) {
            summary.deliveries += counts.delivered;
            summary.duplicated += counts.duplicated;
            summary.outOfOrder += counts.outOfOrder;
        }
        summary.subscriptions = new ArrayList<>(bySubscription.values());
        summary.producers = byProducer.values().stream().limit(MAX_LISTED_PRODUCERS).toList();
        return summary;
    }

    private static Counts newCounts(String subscription, Long producerId, String topic) {
        Counts counts = new Counts();
        counts.subscription = subscription;
        counts.producerId = producerId;
        counts.topic = topic;
        return counts;
    }
}
