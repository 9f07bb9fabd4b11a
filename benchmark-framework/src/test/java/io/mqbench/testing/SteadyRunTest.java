package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.stats.HistogramCodec;
import io.mqbench.stats.WorkerStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The driver ITs' shared check lets a consumer catch up on a held-back warm-up, and no more. */
class SteadyRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theBacklogAtTheStartIsTheFirstSecondsBacklogLessWhatThatSecondAdded() throws Exception {
        // 100 sent, 300 received in the first 1.0 s, 1,800 waiting after it: 2,000 waited at the start.
        assertEquals(2_000, SteadyRun.backlogAtMeasuredStart(result(1_217.3, 1_800)));
        assertEquals(0, SteadyRun.backlogAtMeasuredStart(JSON.readTree("{}")));
    }

    @Test
    void aConsumerAboveTheRateIsSteadyOnlyWhenABacklogWaited() throws Exception {
        // The CI case: 1,217 msg/s against 1,000 with a 10 % tolerance.
        assertDoesNotThrow(() -> SteadyRun.assertSteady(result(1_217.3, 1_800), 1_000, 10, 0.10));
        assertThrows(AssertionError.class, () -> SteadyRun.assertSteady(result(1_217.3, 0), 1_000, 10, 0.10));
        // Too slow is too slow whatever waited.
        assertThrows(AssertionError.class, () -> SteadyRun.assertSteady(result(850, 1_800), 1_000, 10, 0.10));
    }

    @Test
    void aFailureSaysWhatTheRunLookedLikeSecondBySecond() throws Exception {
        // A slow consumer: the message must show the warning and the backlog of the first second.
        JsonNode slow = result(850, 1_800);
        ((ObjectNode) slow).putArray("warnings").add("the machine was busy");
        AssertionError failure = assertThrows(AssertionError.class, () -> SteadyRun.assertSteady(slow, 1_000, 10, 0.10));
        String message = failure.getMessage();
        assertTrue(message.contains("warning: the machine was busy"), message);
        assertTrue(message.matches("(?s).*\\n +1\\.0 +100 +300 +1800 .*"), message);
    }

    @Test
    void theEndToEndMedianIsBoundedByThePublishMedianNotByTheClock() throws Exception {
        // A broker starved of CPU (Kafka in CI, lanes side by side): both medians high together.
        assertDoesNotThrow(() -> SteadyRun.assertSteady(result(1_000, 0, 161.5, 146.2), 1_000, 10));
        // A second-resolution send time adds about half a second to an otherwise fast run.
        AssertionError coarse = assertThrows(AssertionError.class,
                () -> SteadyRun.assertSteady(result(1_000, 0, 501.0, 1.1), 1_000, 10));
        assertTrue(coarse.getMessage().startsWith("end-to-end p50 501.0 ms, publish p50 1.1 ms"), coarse.getMessage());
    }

    @Test
    void aRunThatMissedOnlyItsTimingIsRunOnceMoreAndTheSecondMustPass() throws Exception {
        JsonNode slow = result(850, 0);
        JsonNode steady = result(1_000, 0);
        List<Integer> attempts = new ArrayList<>();
        SteadyRun.Steady passed = SteadyRun.twiceOnTiming("test", attempt -> {
            attempts.add(attempt);
            return new SteadyRun.Steady(attempt == 1 ? slow : steady, Path.of("attempt-" + attempt), null);
        }, 1_000, 10, 0.02);
        assertEquals(List.of(1, 2), attempts);
        assertEquals(Path.of("attempt-2"), passed.folder());

        AssertionError twice = assertThrows(AssertionError.class, () -> SteadyRun.twiceOnTiming("test",
                attempt -> new SteadyRun.Steady(slow, Path.of("attempt-" + attempt), null), 1_000, 10, 0.02));
        assertTrue(twice.getMessage().startsWith("the second run too: consumers keep up: 850.0 msg/s"), twice.getMessage());
        assertTrue(twice.getMessage().contains("the first run: consumers keep up: 850.0 msg/s"), twice.getMessage());
    }

    @Test
    void aRunThatLostOrDuplicatedAMessageIsNeverRunAgain() throws Exception {
        ObjectNode lossy = (ObjectNode) result(1_000, 0);
        ((ObjectNode) lossy.get("delivery")).put("lost", 3);
        List<Integer> attempts = new ArrayList<>();
        AssertionError lost = assertThrows(AssertionError.class, () -> SteadyRun.twiceOnTiming("test", attempt -> {
            attempts.add(attempt);
            return new SteadyRun.Steady(lossy, Path.of("attempt-" + attempt), null);
        }, 1_000, 10, 0.02));
        assertEquals(List.of(1), attempts, lost.getMessage());

        // The same on the second attempt: a first run short of its rate, then a lossy one.
        attempts.clear();
        JsonNode slow = result(850, 0);
        assertThrows(AssertionError.class, () -> SteadyRun.twiceOnTiming("test", attempt -> {
            attempts.add(attempt);
            return new SteadyRun.Steady(attempt == 1 ? slow : lossy, Path.of("attempt-" + attempt), null);
        }, 1_000, 10, 0.02));
        assertEquals(List.of(1, 2), attempts);
    }

    @Test
    void aSendFasterThanAMicrosecondIsMeasuredAndARunThatRecordedNoneIsNot() throws Exception {
        // The loopback on a fast CI machine: every send recorded, at 0 µs, so a median of 0.0 ms.
        assertDoesNotThrow(() -> SteadyRun.assertSteady(result(1_000, 0, 5.0, 0.0), 1_000, 10));
        ObjectNode unrecorded = (ObjectNode) result(1_000, 0, 5.0, 0.0);
        ((ObjectNode) unrecorded.get("histograms")).put("publishLatency",
                HistogramCodec.encode(new Histogram(WorkerStats.SIGNIFICANT_DIGITS)));
        AssertionError none = assertThrows(AssertionError.class, () -> SteadyRun.assertSteady(unrecorded, 1_000, 10));
        assertTrue(none.getMessage().startsWith("publish latency measured: 0 sends recorded"), none.getMessage());
    }

    /** A complete 10-s run at 1,000 msg/s whose consumer averaged {@code consumeRate}. */
    private static JsonNode result(double consumeRate, long backlogAfterFirstSecond) throws Exception {
        return result(consumeRate, backlogAfterFirstSecond, 2.5, 1.1);
    }

    private static JsonNode result(double consumeRate, long backlogAfterFirstSecond, double endToEnd50, double publish50)
            throws Exception {
        return JSON.readTree("""
                {"status": "complete",
                 "summary": {"publishRate": {"mean": 1000.0}, "consumeRate": {"mean": %s}, "sendErrors": 0},
                 "delivery": {"checked": true, "drained": true, "missing": 0, "lost": 0, "duplicated": 0,
                              "confirmedMessages": 10000},
                 "aggregatedEndToEndLatency50pct": %s, "aggregatedPublishLatency50pct": %s,
                 "samples": {"second": [1.0], "publishRate": [100.0], "consumeRate": [300.0],
                             "backlog": [%d]},
                 "histograms": {"publishLatency": "%s"}}
                """.formatted(consumeRate, endToEnd50, publish50, backlogAfterFirstSecond,
                publishHistogram(10_000, Math.round(publish50 * 1_000))));
    }

    /** {@code sends} publish latencies of {@code micros} each, encoded as a result stores them. */
    private static String publishHistogram(long sends, long micros) {
        Histogram histogram = new Histogram(WorkerStats.SIGNIFICANT_DIGITS);
        histogram.recordValueWithCount(micros, sends);
        return HistogramCodec.encode(histogram);
    }
}
