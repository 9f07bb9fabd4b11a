package io.mqbench.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.api.StampedPayload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeliveryTest {
    @Test
    void headerRoundTripsThroughArraysAndBuffers() {
        byte[] payload = new byte[100];
        MessageHeader.write(payload, 0x1234_5678_9abcL, 42, 1_700_000_000_123_456L, false);
        assertTrue(MessageHeader.isStamped(payload));
        assertEquals(0x1234_5678_9abcL, MessageHeader.producerId(payload));
        assertEquals(42, MessageHeader.sequence(payload));
        assertEquals(1_700_000_000_123_456L, MessageHeader.sendMicros(payload));
        assertFalse(MessageHeader.isProbe(payload));

        for (ByteBuffer buffer : List.of(ByteBuffer.allocate(110), ByteBuffer.allocateDirect(110),
                ByteBuffer.allocate(110).order(ByteOrder.LITTLE_ENDIAN))) {
            buffer.position(10);
            buffer.put(payload, 0, 100);
            buffer.position(10);
            assertTrue(MessageHeader.isStamped(buffer));
            assertEquals(0x1234_5678_9abcL, MessageHeader.producerId(buffer), "whatever the buffer's order: " + buffer.order());
            assertEquals(42, MessageHeader.sequence(buffer));
            assertEquals(1_700_000_000_123_456L, MessageHeader.sendMicros(buffer));
            assertFalse(MessageHeader.isProbe(buffer));
            assertEquals(10, buffer.position(), "reading does not move the buffer");
        }

        MessageHeader.write(payload, 1, 2, 3, true);
        assertTrue(MessageHeader.isProbe(payload));
        assertTrue(MessageHeader.isProbe(ByteBuffer.wrap(payload)));
    }

    @Test
    void payloadsWithoutTheHeaderAreRecognised() {
        assertFalse(MessageHeader.isStamped(new byte[100]));
        assertFalse(MessageHeader.isStamped(new byte[MessageHeader.SIZE - 1]));
        assertFalse(MessageHeader.isStamped(ByteBuffer.allocate(100)));
        assertFalse(MessageHeader.fits(27));
        assertTrue(MessageHeader.fits(28));
    }

    @Test
    void driversReadTheSendTimeOfTheHarnessHeader() {
        byte[] payload = new byte[64];
        assertEquals(-1, StampedPayload.sendMillis(payload));
        MessageHeader.write(payload, 9, 1, 1_700_000_000_123_456L, false);
        assertTrue(StampedPayload.isStamped(payload));
        assertEquals(1_700_000_000_123L, StampedPayload.sendMillis(payload));
        payload[3] = 2;
        assertFalse(StampedPayload.isStamped(payload), "another version of the header");
        assertFalse(StampedPayload.isStamped(new byte[] {'M', 'Q', 'B', 1}), "too short for a header");
        assertFalse(StampedPayload.isStamped((byte[]) null));
    }

    @Test
    void bitmapsCountAcrossPagesAndMerge() {
        SequenceBitmap a = new SequenceBitmap();
        assertTrue(a.add(0));
        assertTrue(a.add(5_000_000));
        assertFalse(a.add(5_000_000), "second add of the same number");
        SequenceBitmap b = new SequenceBitmap();
        b.add(1);
        b.add(5_000_000);
        assertEquals(1, a.countMissingFrom(b), "0 is missing from b");
        assertEquals(1, a.countCommonWith(b));
        a.addAll(b);
        assertEquals(3, a.cardinality());
        assertTrue(a.contains(1) && !a.contains(2) && !a.contains(-1));
    }

    @Test
    void summaryCountsLostDuplicatedAndOutOfOrderPerSubscription() {
        ProducerLedger producer = new ProducerLedger(7, "t");
        for (long seq = 0; seq < 10; seq++) {
            producer.confirmed(seq);
        }
        // Subscription 1: two consumers share it; 3 is lost, 5 arrives twice, 8 after 9.
        ConsumerReceipts first = new ConsumerReceipts("t/s1");
        ConsumerReceipts second = new ConsumerReceipts("t/s1");
        for (long seq : new long[] {0, 1, 2, 4}) {
            first.received(7, seq);
        }
        for (long seq : new long[] {5, 5, 6, 7, 9, 8}) {
            second.received(7, seq);
        }
        // Subscription 2 received everything once, plus message 10 whose send was never confirmed.
        ConsumerReceipts other = new ConsumerReceipts("t/s2");
        for (long seq = 0; seq <= 10; seq++) {
            other.received(7, seq);
        }
        DeliveryReport report = new DeliveryReport();
        report.headerEnabled = true;
        report.addProducer(producer);
        report.addConsumer(first);
        report.addConsumer(second);
        DeliveryReport otherWorker = new DeliveryReport();
        otherWorker.headerEnabled = true;
        otherWorker.addConsumer(other);
        report.merge(otherWorker);

        DeliverySummary summary = DeliverySummary.compute(report, Map.of("t", List.of("t/s1", "t/s2")));
        assertTrue(summary.checked);
        assertEquals(10, summary.confirmedMessages);
        assertEquals(20, summary.expectedDeliveries);
        assertEquals(1, summary.missing);
        assertEquals(1, summary.duplicated);
        assertEquals(1, summary.outOfOrder);
        assertEquals(1, summary.deliveredUnconfirmed);
        assertEquals(10 + 11, summary.deliveries);
        DeliverySummary.Counts s1 = summary.subscriptions.get(0);
        assertEquals("t/s1", s1.subscription);
        assertEquals(1, s1.missing);
        assertEquals(1, s1.duplicated);
        assertEquals(0, summary.subscriptions.get(1).missing);
        assertEquals(1, summary.producers.size());
        assertEquals(1, summary.producers.get(0).missing);
    }

    @Test
    void aSubscriptionThatReceivedNothingLosesEverything() {
        ProducerLedger producer = new ProducerLedger(1, "t");
        producer.confirmed(0);
        producer.confirmed(1);
        DeliveryReport report = new DeliveryReport();
        report.headerEnabled = true;
        report.addProducer(producer);
        DeliverySummary summary = DeliverySummary.compute(report, Map.of("t", List.of("t/silent")));
        assertEquals(2, summary.missing);
    }

    @Test
    void missingMessagesAreLostOnlyOnceTheDrainWaitedOutTheRedeliveryHorizon() {
        ProducerLedger producer = new ProducerLedger(1, "t");
        producer.confirmed(0);
        producer.confirmed(1);
        DeliveryReport report = new DeliveryReport();
        report.headerEnabled = true;
        report.addProducer(producer);
        Map<String, List<String>> subscriptions = Map.of("t", List.of("t/silent"));

        DeliverySummary early = DeliverySummary.compute(report, subscriptions);
        early.settle(12, 4, 30);
        assertFalse(early.drained);
        assertFalse(early.horizonCovered);
        assertNull(early.lost, "not claimed: the broker may still redeliver");
        assertTrue(early.note.startsWith("2 confirmed deliveries were not received within 12 s"), early.note);

        DeliverySummary late = DeliverySummary.compute(report, subscriptions);
        late.settle(40, 31, 30);
        assertTrue(late.horizonCovered);
        assertEquals(2L, late.lost);
        assertTrue(late.note.endsWith(": lost"), late.note);
    }

    @Test
    void withoutHeadersNothingIsChecked() {
        DeliveryReport report = new DeliveryReport();
        report.withoutHeader = 5;
        DeliverySummary summary = DeliverySummary.compute(report, Map.of());
        assertFalse(summary.checked);
        assertTrue(summary.note.contains("28-byte"), summary.note);
        assertEquals(5, summary.withoutHeader);
    }
}
