package io.mqbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.result.ClockOffset;
import io.mqbench.result.TestResult;
import io.mqbench.result.WorkerReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClockReportTest {

    @Test
    void upstreamWorkersWithoutAClockGiveAnUnknownPairNotACrash() {
        WorkerReport producer = worker("http://p", ClockOffset.unknown("http://p", "upstream OMB worker"), true);
        WorkerReport consumer = worker("http://c", ClockOffset.unknown("http://c", "upstream OMB worker"), false);
        TestResult.Clocks clocks = ClockReport.of(List.of(producer, consumer));
        assertEquals(1, clocks.pairs.size());
        assertNull(clocks.pairs.get(0).errorMicros);
        assertTrue(clocks.note.startsWith("unknown for http://p -> http://c"), clocks.note);
    }

    @Test
    void theWorseOfTheTwoEstimatesCountsAndOneAloneIsEnough() {
        WorkerReport producer = worker("http://p", new ClockOffset("http://p", 0L, 100L, 5, null), true);
        WorkerReport consumer = worker("http://c", new ClockOffset("http://c", 300L, 100L, 5, null), false);
        producer.clockAtEnd = new ClockOffset("http://p", 0L, 100L, 5, null);
        consumer.clockAtEnd = ClockOffset.unknown("http://c", "gone");
        TestResult.Clocks clocks = ClockReport.of(List.of(producer, consumer));
        long startError = clocks.pairs.get(0).errorMicros;
        assertEquals(300 + producer.clock.uncertaintyMicros() + consumer.clock.uncertaintyMicros(), startError);
        assertEquals(300L, clocks.maxBiasMicros);
    }

    private static WorkerReport worker(String url, ClockOffset clock, boolean produces) {
        WorkerReport report = new WorkerReport();
        report.worker = url;
        report.clock = clock;
        report.clockAtEnd = clock;
        if (produces) {
            report.producersByTopic.put("topic-1", 1);
        } else {
            report.consumersBySubscription.put("topic-1/sub-1", 1);
        }
        return report;
    }
}
