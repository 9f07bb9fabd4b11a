package io.mqbench.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The delivery counts a result carries: did every message the broker confirmed reach every
 * subscription, once, and in order? Computed from the merged {@link DeliveryReport} of all workers
 * once the consumers have drained what was sent.
 *
 * <p>Definitions, per subscription and producer: <b>missing</b> = confirmed by the broker but not
 * delivered when the drain ended; <b>lost</b> = missing, claimed only when the drain waited out the
 * broker's redelivery horizon (otherwise unknown: the broker may still deliver them); <b>duplicated</b> = deliveries beyond the first of the same message; <b>out of order</b>
 * = delivered after a later message of the same producer to the same consumer (meaningful where the
 * broker promises order, e.g. one partition); <b>delivered unconfirmed</b> = arrived although its send
 * failed or was never confirmed (not an error: the broker took it but the acknowledgement was lost
 * or late).
 *
 * <p>Every count is written, as null when it was not measured (unknown is not zero); only the
 * optional fields marked NON_NULL are left out when absent.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public final class DeliverySummary {
    /** Results list at most this many producers one by one; the totals always cover all. */
    static final int MAX_LISTED_PRODUCERS = 200;

    public boolean checked;
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String note;
    public Long confirmedMessages;
    public Long expectedDeliveries;
    public Long deliveries;
    public Long uniqueDeliveries;
    /** Confirmed deliveries that had not arrived when the drain ended. */
    public Long missing;
    /** {@link #missing}, once the drain waited long enough to call them lost; null before that. */
    public Long lost;
    public Long duplicated;
    public Long outOfOrder;
    public Long deliveredUnconfirmed;
    /** Deliveries without mqbench's header; counted even when nothing else could be. */
    public long withoutHeader;
    /** Every confirmed message reached every subscription; null when delivery was not checked. */
    public Boolean drained;
    public double drainSeconds;
    /** How long the broker may take to redeliver (the driver's, or the harness's default), and whether the drain waited that long. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Double redeliveryHorizonSeconds;
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Boolean horizonCovered;
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public List<Counts> subscriptions;
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public List<Counts> producers;

    /** Counts for one subscription or one producer. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Counts {
        public String subscription;
        public Long producerId;
        public String topic;
        public long expected;
        public long delivered;
        public long missing;
        public long duplicated;
        public long outOfOrder;

        void add(long expected, ReceiptLedger ledger, long missing, long unique) {
            this.expected += expected;
            this.missing += missing;
            if (ledger != null) {
                delivered += ledger.received();
                duplicated += ledger.received() - unique;
                outOfOrder += ledger.outOfOrder();
            }
        }
    }

    /** A summary saying why delivery could not be checked: every count unknown (null). */
    public static DeliverySummary unchecked(String reason) {
        DeliverySummary summary = new DeliverySummary();
        summary.checked = false;
        summary.note = reason;
        return summary;
    }

    /**
     * The counts as they stand, with nothing claimed lost yet; see {@link #settle}.
     *
     * @param subscriptionsByTopic every subscription key of the run, by topic, including ones that
     *     received nothing
     */
    public static DeliverySummary compute(DeliveryReport report, Map<String, List<String>> subscriptionsByTopic) {
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
        summary.withoutHeader = report.withoutHeader;
        summary.confirmedMessages = 0L;
        summary.expectedDeliveries = 0L;
        summary.deliveries = 0L;
        summary.uniqueDeliveries = 0L;
        summary.missing = 0L;
        summary.duplicated = 0L;
        summary.outOfOrder = 0L;
        summary.deliveredUnconfirmed = 0L;
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
                long missing = sent.confirmed().countMissingFrom(seen);
                summary.expectedDeliveries += confirmed;
                summary.uniqueDeliveries += unique;
                summary.missing += missing;
                summary.deliveredUnconfirmed += seen.countMissingFrom(sent.confirmed());
                bySubscription.computeIfAbsent(key, k -> newCounts(k, null, sent.topic()))
                        .add(confirmed, ledger, missing, unique);
                producer.add(confirmed, ledger, missing, unique);
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

    /**
     * Records how the drain ended. Missing messages are called lost only when the drain waited at
     * least the redelivery horizon after the last arrival; otherwise they are only "not received
     * within" the time waited, and {@link #lost} stays unknown.
     *
     * @param waitedSeconds how long the drain lasted
     * @param quietSeconds how long nothing had arrived when it ended
     */
    public void settle(double waitedSeconds, double quietSeconds, double horizonSeconds) {
        drainSeconds = waitedSeconds;
        redeliveryHorizonSeconds = horizonSeconds;
        drained = missing == 0;
        horizonCovered = drained || quietSeconds >= horizonSeconds;
        lost = horizonCovered ? missing : null;
        if (!drained) {
            note = horizonCovered
                    ? String.format(Locale.ROOT, "%,d confirmed deliveries had not arrived after %.0f s, nothing having"
                            + " arrived for %.0f s (the redelivery horizon is %.0f s): lost", missing, waitedSeconds, quietSeconds,
                            horizonSeconds)
                    : String.format(Locale.ROOT, "%,d confirmed deliveries were not received within %.0f s; the broker"
                            + " may still deliver them (its redelivery horizon is %.0f s), so they are not counted as lost",
                            missing, waitedSeconds, horizonSeconds);
        }
    }

    private static Counts newCounts(String subscription, Long producerId, String topic) {
        Counts counts = new Counts();
        counts.subscription = subscription;
        counts.producerId = producerId;
        counts.topic = topic;
        return counts;
    }
}
