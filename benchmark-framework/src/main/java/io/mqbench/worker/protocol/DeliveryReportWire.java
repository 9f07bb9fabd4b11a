package io.mqbench.worker.protocol;

import io.mqbench.delivery.DeliveryReport;
import io.mqbench.delivery.ReceiptLedger;
import io.mqbench.delivery.SendTimes;
import io.mqbench.delivery.SequenceBitmapCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A worker's {@link DeliveryReport} as JSON for {@code /delivery-report}: every producer's confirmed
 * sequence numbers and, per subscription and producer, what arrived (count, out-of-order count and
 * the set of distinct sequence numbers), the sets in {@link SequenceBitmapCodec}'s compact form.
 * Counts survive the trip exactly, so the coordinator's merge equals a merge done in one process.
 */
public final class DeliveryReportWire {
    public boolean headerEnabled;
    public long withoutHeader;
    public List<Producer> producers = new ArrayList<>();
    public List<Subscription> subscriptions = new ArrayList<>();

    public static final class Producer {
        public long id;
        public String topic;
        public SequenceBitmapCodec.Encoded confirmed;
        /** {@link SendTimes}: the first sequence number of each second and its send time (epoch µs). */
        public long[] sendSecondSequences;
        public long[] sendSecondMicros;
    }

    public static final class Subscription {
        public String key;
        public List<Receipts> receipts = new ArrayList<>();
    }

    public static final class Receipts {
        public long producerId;
        public long received;
        public long outOfOrder;
        public SequenceBitmapCodec.Encoded seen;
    }

    public static DeliveryReportWire of(DeliveryReport report) {
        DeliveryReportWire wire = new DeliveryReportWire();
        wire.headerEnabled = report.headerEnabled;
        wire.withoutHeader = report.withoutHeader;
        report.producers.forEach((id, sent) -> {
            Producer producer = new Producer();
            producer.id = id;
            producer.topic = sent.topic();
            producer.confirmed = SequenceBitmapCodec.encode(sent.confirmed());
            if (sent.sendTimes() != null) {
                producer.sendSecondSequences = sent.sendTimes().sequences();
                producer.sendSecondMicros = sent.sendTimes().micros();
            }
            wire.producers.add(producer);
        });
        report.subscriptions.forEach((key, ledgers) -> {
            Subscription subscription = new Subscription();
            subscription.key = key;
            ledgers.forEach((producerId, ledger) -> {
                Receipts receipts = new Receipts();
                receipts.producerId = producerId;
                receipts.received = ledger.received();
                receipts.outOfOrder = ledger.outOfOrder();
                receipts.seen = SequenceBitmapCodec.encode(ledger.seen());
                subscription.receipts.add(receipts);
            });
            wire.subscriptions.add(subscription);
        });
        return wire;
    }

    public DeliveryReport toReport() {
        DeliveryReport report = new DeliveryReport();
        report.headerEnabled = headerEnabled;
        report.withoutHeader = withoutHeader;
        for (Producer producer : producers) {
            SendTimes times = producer.sendSecondSequences == null || producer.sendSecondMicros == null
                    || producer.sendSecondSequences.length != producer.sendSecondMicros.length
                    ? null : SendTimes.of(producer.sendSecondSequences, producer.sendSecondMicros);
            report.producers.put(producer.id, new DeliveryReport.ProducerSent(producer.topic,
                    SequenceBitmapCodec.decode(producer.confirmed), times));
        }
        for (Subscription subscription : subscriptions) {
            Map<Long, ReceiptLedger> ledgers = report.subscriptions.computeIfAbsent(subscription.key, k -> new HashMap<>());
            for (Receipts receipts : subscription.receipts) {
                ledgers.put(receipts.producerId,
                        ReceiptLedger.restore(SequenceBitmapCodec.decode(receipts.seen), receipts.received, receipts.outOfOrder));
            }
        }
        return report;
    }
}
