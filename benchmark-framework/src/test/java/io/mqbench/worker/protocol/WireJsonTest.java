package io.mqbench.worker.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.delivery.ConsumerReceipts;
import io.mqbench.delivery.DeliveryReport;
import io.mqbench.delivery.DeliverySummary;
import io.mqbench.delivery.MissingBySendTime;
import io.mqbench.delivery.ProducerLedger;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.PeriodStats;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import io.mqbench.workload.KeyDistributorType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The bodies on the worker wire: OMB's shapes, exact histograms, exact delivery ledgers. */
class WireJsonTest {
    private static final ObjectMapper JSON = WireJson.mapper();

    @Test
    void aPlainWorkloadsStartLoadBodyIsExactlyOmbs() {
        ProducerWorkAssignment assignment = new ProducerWorkAssignment();
        assignment.payloadData = List.of(new byte[] {1, 2, 3});
        assignment.publishRate = 1500.5;
        assignment.keyDistributorType = KeyDistributorType.KEY_ROUND_ROBIN;
        JsonNode body = WireJson.startLoadBody(assignment);
        List<String> fields = new ArrayList<>();
        body.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("payloadData", "publishRate", "keyDistributorType"), fields);
        assertEquals("AQID", body.get("payloadData").get(0).asText(), "byte arrays as base64, as Jackson writes them for OMB");
        assertEquals(1500.5, body.get("publishRate").asDouble());
        assertEquals("KEY_ROUND_ROBIN", body.get("keyDistributorType").asText());

        assignment.maxOutstandingSends = 1;
        assignment.batchSizeMax = 10;
        JsonNode extended = WireJson.startLoadBody(assignment);
        assertEquals(1, extended.get("maxOutstandingSends").asInt());
        assertEquals(1, extended.get("batchSizeMin").asInt());
        assertEquals(10, extended.get("batchSizeMax").asInt());
        assertEquals("maxOutstandingSends and producerBatchSize", WireJson.mqbenchFeaturesUsed(1, 1, 10));
    }

    @Test
    void histogramsTravelAsOmbEncodesThemAndMergeExactly() throws Exception {
        PeriodStats period = new PeriodStats();
        period.messagesSent = 3;
        for (long v : new long[] {120, 4_500, 9_999_999}) {
            period.publishLatency.recordValue(v);
        }
        byte[] wire = JSON.writeValueAsBytes(period);
        JsonNode tree = JSON.readTree(wire);
        // What OMB's deserializer does: base64 binary, then HdrHistogram's compressed decoding.
        byte[] raw = Base64.getDecoder().decode(tree.get("publishLatency").asText());
        Histogram asOmbReadsIt = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(raw), Long.MIN_VALUE);
        assertEquals(period.publishLatency, asOmbReadsIt);

        PeriodStats back = JSON.readValue(wire, PeriodStats.class);
        assertEquals(period.publishLatency, back.publishLatency);
        assertEquals(3, back.messagesSent);
        back.publishLatency.recordValue(50_000_000_000L);
        assertEquals(4, back.publishLatency.getTotalCount(), "decoded histograms keep resizing");
    }

    @Test
    void ombOnlyBodiesLeaveOutMqbenchFieldsAndUnknownFieldsAreIgnored() throws Exception {
        CountersStats counters = new CountersStats();
        counters.probesReceived = 4;
        counters.messagesInFlight = 9;
        JsonNode omb = JSON.readTree(WireJson.ombOnlyWriter().writeValueAsBytes(counters));
        assertFalse(omb.has("probesReceived"));
        assertFalse(omb.has("messagesInFlight"));
        assertEquals(9, JSON.readTree(JSON.writeValueAsBytes(counters)).get("messagesInFlight").asLong(), "mqbench peers get it");
        assertTrue(omb.has("messagesSent") && omb.has("messagesReceived") && omb.has("messageSendErrors"));
        assertFalse(JSON.readTree(WireJson.ombOnlyWriter().writeValueAsBytes(new CumulativeLatencies())).has("negativeEndToEndLatencies"));

        CountersStats fromNewerPeer = JSON.readValue("{\"messagesSent\":7,\"someFutureField\":true}", CountersStats.class);
        assertEquals(7, fromNewerPeer.messagesSent);
    }

    @Test
    void deliveryReportsCountTheSameAfterTheTrip() throws Exception {
        DeliveryReport report = new DeliveryReport();
        report.headerEnabled = true;
        report.withoutHeader = 2;
        ProducerLedger producer = new ProducerLedger(0x7000_0000_0000_0001L, "t");
        for (long s = 0; s < 10_000; s++) {
            producer.sentAt(s, 1_700_000_000_000_000L + s * 1_000); // 1,000 messages a second
            producer.confirmed(s);
        }
        report.addProducer(producer);
        ConsumerReceipts first = new ConsumerReceipts("t/sub");
        ConsumerReceipts second = new ConsumerReceipts("t/sub");
        for (long s = 0; s < 10_000; s++) {
            if (s % 997 != 0) {
                (s % 2 == 0 ? first : second).received(producer.producerId(), s);
            }
        }
        first.received(producer.producerId(), 4);
        second.received(producer.producerId(), 3);
        report.addConsumer(first);
        report.addConsumer(second);
        Map<String, List<String>> subscriptions = Map.of("t", List.of("t/sub"));

        DeliveryReport back = JSON.readValue(JSON.writeValueAsBytes(DeliveryReportWire.of(report)), DeliveryReportWire.class).toReport();
        DeliverySummary before = DeliverySummary.compute(report, subscriptions);
        DeliverySummary after = DeliverySummary.compute(back, subscriptions);
        assertEquals(JSON.writeValueAsString(before), JSON.writeValueAsString(after));
        assertEquals(11, after.missing, "every 997th of 10 000");
        assertEquals(2, after.duplicated);
        assertTrue(after.outOfOrder >= 2);
        assertEquals(2, after.withoutHeader);
        long secondThree = 1_700_000_000_000_000L + 3_000_000;
        MissingBySendTime missing = MissingBySendTime.count(back, subscriptions, secondThree, secondThree + 2_000_000);
        assertEquals(List.of(4L, 2L, 5L, 0L), List.of(missing.sentBefore, missing.sentDuring, missing.sentAfter, missing.timeUnknown),
                "0, 997, 1994, 2991 before; 3988, 4985 during; 5982 and on after: the send times made the trip");
    }
}
