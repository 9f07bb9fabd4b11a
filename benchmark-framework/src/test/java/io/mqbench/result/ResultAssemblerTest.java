package io.mqbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.stats.HistogramCodec;
import io.mqbench.stats.PeriodStats;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultAssemblerTest {
    @Test
    void periodsUseOmbUnitsAndRealPeriodLengths() {
        ResultAssembler assembler = new ResultAssembler(2);
        TestResult result = assembler.result();
        PeriodStats period = new PeriodStats();
        period.messagesSent = 1000;
        period.messagesReceived = 1900;
        period.messageSendErrors = 10;
        period.bytesSent = 1000 * 1024;
        period.bytesReceived = 1900 * 1024;
        period.totalMessagesSent = 5000;
        period.totalMessagesReceived = 9000;
        for (int i = 0; i < 100; i++) {
            period.publishLatency.recordValue(2_000);   // 2 ms
            period.publishDelayLatency.recordValue(150); // 150 µs
            period.endToEndLatency.recordValue(5_000);   // 5 ms
        }
        assembler.addPeriod(period, 5.0);
        assertEquals(200.0, result.publishRate.get(0));
        assertEquals(380.0, result.consumeRate.get(0));
        assertEquals(2.0, result.publishErrorRate.get(0));
        assertEquals(1000L, result.backlog.get(0), "5000 sent x 2 subscriptions - 9000 received");
        assertEquals(2.0, result.publishLatency50pct.get(0), 0.01);
        assertEquals(150L, result.publishDelayLatency50pct.get(0), 1);
        assertEquals(5.0, result.endToEndLatency99pct.get(0), 0.01);
        assertEquals(5.0, result.periodSeconds.get(0));

        assembler.summarize();
        assertEquals(200.0, result.summary.publishRate.mean);
        assertEquals(1000 * 1024 / ResultAssembler.MB / 5.0, result.summary.publishThroughputMBps, 1e-9);
    }

    /**
     * All 48 of OMB's latency fields (3 latencies x 8 statistics, per period and aggregated) are
     * written, in OMB's units and JSON types: milliseconds for publish and end-to-end, whole
     * microseconds for publish delay (its mean a fraction), and a retry forgets every period.
     */
    @Test
    void everyOmbLatencyFieldIsWrittenInItsUnitAndForgottenWithThePeriods() {
        ResultAssembler assembler = new ResultAssembler(1);
        TestResult result = assembler.result();
        PeriodStats period = new PeriodStats();
        period.publishLatency.recordValue(2_000);
        period.publishDelayLatency.recordValue(150);
        period.endToEndLatency.recordValue(5_000);
        assembler.addPeriod(period, 1.0);
        assembler.aggregate(0);

        JsonNode json = ResultFiles.mapper().valueToTree(result);
        List<String> statistics = List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct", "Max");
        for (String statistic : statistics) {
            assertLatency(json, "publishLatency" + statistic, "aggregatedPublishLatency" + statistic, 2.0, false);
            assertLatency(json, "publishDelayLatency" + statistic, "aggregatedPublishDelayLatency" + statistic, 150,
                    !statistic.equals("Avg"));
            assertLatency(json, "endToEndLatency" + statistic, "aggregatedEndToEndLatency" + statistic, 5.0, false);
        }

        assembler.discardPeriods();
        JsonNode discarded = ResultFiles.mapper().valueToTree(result);
        for (String statistic : statistics) {
            for (String latency : List.of("publishLatency", "publishDelayLatency", "endToEndLatency")) {
                assertEquals(0, discarded.get(latency + statistic).size(), latency + statistic);
            }
        }
    }

    private static void assertLatency(JsonNode json, String perPeriod, String aggregated, double expected, boolean whole) {
        for (JsonNode value : List.of(json.get(perPeriod).get(0), json.get(aggregated))) {
            assertEquals(expected, value.asDouble(), expected * 0.005, perPeriod + " / " + aggregated);
            assertEquals(whole, value.isIntegralNumber(), perPeriod + " / " + aggregated + " is " + value);
        }
    }

    @Test
    void aggregatesQuantilesAndEncodedHistogramsFromTheSumOfThePeriods() {
        ResultAssembler assembler = new ResultAssembler(1);
        TestResult result = assembler.result();
        PeriodStats first = new PeriodStats();
        PeriodStats second = new PeriodStats();
        for (int i = 1; i <= 1000; i++) {
            PeriodStats period = i <= 600 ? first : second;
            period.endToEndLatency.recordValue(i * 10L);       // 0.01 .. 10 ms
            period.publishLatency.recordValue(1_000);
            period.publishDelayLatency.recordValue(i);
        }
        assembler.addPeriod(first, 10.0);
        assembler.addPeriod(second, 10.0);
        assembler.aggregate(7);
        assertEquals(5.0, result.aggregatedEndToEndLatency50pct, 0.01);
        assertEquals(9.9, result.aggregatedEndToEndLatency99pct, 0.02);
        assertEquals(10.0, result.aggregatedEndToEndLatencyMax, 0.01);
        assertEquals(1.0, result.aggregatedPublishLatency50pct, 0.001);
        assertEquals(500, result.aggregatedPublishDelayLatency50pct, 1);
        assertTrue(result.aggregatedEndToEndLatencyQuantiles.size() > 100);
        assertEquals(10.0, result.aggregatedEndToEndLatencyQuantiles.get(100.0), 0.01);
        assertEquals(7, result.negativeEndToEndLatencies);
        assertEquals("microseconds", result.histograms.get("unit"));
        assertEquals(1000, HistogramCodec.decode(result.histograms.get("endToEndLatency")).getTotalCount());
        assertEquals(1000, HistogramCodec.decode(result.histograms.get("publishLatency")).getTotalCount());
    }

    /**
     * What the result itself rules, whichever phase hands the value over: no send errors is an
     * absent field, the client-bound verdict follows the load's reasons, a local run keeps the line
     * its description gave the worker, warnings add up, and the end stamps the time.
     */
    @Test
    void theResultsOwnRulesApplyToTheValuesHandedOver() {
        ResultAssembler assembler = new ResultAssembler(1);
        TestResult result = assembler.result();
        assembler.sendErrors(Map.of());
        assertNull(result.sendErrors);
        assembler.sendErrors(Map.of("timeout", 3L));
        assertEquals(Map.of("timeout", 3L), result.sendErrors);

        assembler.clientLoad(null);
        assertNull(result.clientBound, "no worker could tell");
        TestResult.ClientLoad load = new TestResult.ClientLoad();
        assembler.clientLoad(load);
        assertFalse(result.clientBound);
        load.reasons.add("worker-1 used 95% of its 4 cores");
        assembler.clientLoad(load);
        assertTrue(result.clientBound);

        result.workers = List.of("local: driver, all topics, producers and consumers");
        assembler.workers("local", List.of(), new TestResult.Clocks());
        assertEquals(List.of("local: driver, all topics, producers and consumers"), result.workers);
        assertNull(result.workerDetails);

        assembler.warning("one");
        assembler.warning("two");
        assertEquals(List.of("one", "two"), result.warnings);

        assembler.finish(new RunEnd(RunEnd.Status.PARTIAL, "stopped: Ctrl-C"), 1234.5);
        assertEquals("partial", result.status);
        assertEquals("stopped: Ctrl-C", result.statusReason);
        assertEquals(1234.5, result.targetRate);
        assertTrue(Instant.parse(result.endTime).isAfter(Instant.now().minusSeconds(60)), result.endTime);
    }
}
