package io.mqbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.PeriodStats;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WorkerStatsTest {
    @Test
    void aPeriodCountsWhatItsHistogramsHoldAndTheTotalsGoOnAfterAReset() {
        WorkerStats stats = new WorkerStats();
        for (int i = 0; i < 5; i++) {
            stats.recordSent(100, 2_000, 10);
        }
        stats.recordSendError(30);
        for (int i = 0; i < 4; i++) {
            stats.recordReceived(100, 5_000);
        }
        stats.recordReceived(100, -7);
        PeriodStats first = stats.takePeriod();
        assertEquals(5, first.messagesSent);
        assertEquals(1, first.messageSendErrors);
        assertEquals(5, first.messagesReceived);
        assertEquals(500, first.bytesSent);
        assertEquals(6, first.publishDelayLatency.getTotalCount(), "a failed send was still late or on time");
        assertEquals(1, stats.cumulativeLatencies().negativeEndToEndLatencies);

        stats.reset();
        stats.recordSent(100, 2_000, 10);
        PeriodStats second = stats.takePeriod();
        assertEquals(1, second.messagesSent);
        assertEquals(0, second.messagesReceived);
        assertEquals(6, second.totalMessagesSent, "totals are not reset: the backlog is computed from them");
        assertEquals(5, second.totalMessagesReceived);
    }

    @Test
    void countsBytesAndHistogramsOfAPeriodAreOneCutWhileThreadsRecord() throws Exception {
        // Every message is 10 bytes, so a period's bytes must be exactly ten times its messages; a
        // byte counter read a moment apart from the histograms (as before) drifts from them under load.
        WorkerStats stats = new WorkerStats();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread[] recorders = new Thread[2];
        for (int t = 0; t < recorders.length; t++) {
            recorders[t] = new Thread(() -> {
                while (running.get()) {
                    stats.recordSent(10, 1_000, 5);
                    stats.recordReceived(10, 3_000);
                }
            });
            recorders[t].start();
        }
        long sent = 0;
        long received = 0;
        long bytesSent = 0;
        for (int i = 0; i < 300; i++) {
            PeriodStats period = stats.takePeriod();
            assertEquals(10 * period.messagesSent, period.bytesSent, "period " + i + ": bytes sent and messages sent are one cut");
            assertEquals(10 * period.messagesReceived, period.bytesReceived, "period " + i + ": bytes received and messages received");
            assertEquals(period.messagesSent, period.publishDelayLatency.getTotalCount(), "one publish delay per send");
            sent += period.messagesSent;
            received += period.messagesReceived;
            bytesSent += period.bytesSent;
        }
        running.set(false);
        for (Thread recorder : recorders) {
            recorder.join();
        }
        PeriodStats last = stats.takePeriod();
        assertTrue(sent > 10_000, "the threads recorded: " + sent);
        assertEquals(stats.counters().messagesSent, sent + last.messagesSent, "no send counted twice or lost between periods");
        assertEquals(stats.counters().messagesReceived, received + last.messagesReceived);
        assertEquals(10 * stats.counters().messagesSent, bytesSent + last.bytesSent);
    }

    @Test
    void theRunsLatenciesSurviveResetsAndPeriods() {
        WorkerStats stats = new WorkerStats();
        stats.recordSent(1, 100, 10);
        stats.takePeriod();
        stats.reset();
        stats.recordSent(1, 200, 20);
        assertEquals(1, stats.cumulativeLatencies().publishLatency.getTotalCount(), "the reset emptied the cumulative ones");
        CumulativeLatencies run = stats.runLatencies();
        assertEquals(2, run.publishLatency.getTotalCount(), "the run's hold both");
        assertEquals(2, run.publishDelayLatency.getTotalCount());
        assertEquals(200, run.publishLatency.getMaxValue());
    }

    @Test
    void periodsAndTheCumulativeHistogramsAgreeAndResetEmptiesBoth() {
        WorkerStats stats = new WorkerStats();
        stats.recordReceived(1, 100);
        stats.recordReceived(1, 200);
        assertEquals(2, stats.takePeriod().endToEndLatency.getTotalCount());
        stats.recordReceived(1, 300);
        assertEquals(1, stats.takePeriod().endToEndLatency.getTotalCount(), "a period holds only what came after the last one");
        assertEquals(3, stats.cumulativeLatencies().endToEndLatency.getTotalCount(), "cumulative holds all of them");
        stats.recordReceived(1, 400);
        assertEquals(4, stats.cumulativeLatencies().endToEndLatency.getTotalCount());
        assertEquals(1, stats.takePeriod().endToEndLatency.getTotalCount(), "reading cumulative does not steal from the period");
        stats.reset();
        assertEquals(0, stats.cumulativeLatencies().endToEndLatency.getTotalCount());
        assertEquals(0, stats.takePeriod().endToEndLatency.getTotalCount());
    }

    @Test
    void aLatencyBeyondAYearIsRecordedAsAYear() {
        WorkerStats stats = new WorkerStats();
        stats.recordReceived(1, Long.MAX_VALUE / 2); // a driver's timestamp of 0, say
        stats.recordSent(1, Long.MAX_VALUE / 2, Long.MAX_VALUE / 2);
        CumulativeLatencies all = stats.cumulativeLatencies();
        long year = 365L * 24 * 3600 * 1_000_000;
        for (Histogram h : List.of(all.endToEndLatency, all.publishLatency, all.publishDelayLatency)) {
            assertEquals(1, h.getTotalCount());
            assertEquals(year, h.getMaxValue(), year / 1000.0, "max " + h.getMaxValue());
        }
    }

    @Test
    void hugeValuesAreRecordedNegativeOnesCountedAndThreeDigitsKept() {
        WorkerStats stats = new WorkerStats();
        stats.recordReceived(1, 3_600_000_000_000L); // 42 days in microseconds: never an exception
        stats.recordReceived(1, -5);
        for (int i = 0; i < 1000; i++) {
            stats.recordSent(1, 5_000, 0);
        }
        CumulativeLatencies all = stats.cumulativeLatencies();
        Histogram h = all.endToEndLatency;
        assertEquals(2, h.getTotalCount());
        assertTrue(h.getMaxValue() >= 3_599_000_000_000L, "max " + h.getMaxValue());
        assertEquals(0, h.getMinValue());
        assertEquals(1, all.negativeEndToEndLatencies);
        long p50 = all.publishLatency.getValueAtPercentile(50);
        assertTrue(Math.abs(p50 - 5_000) <= 5, "p50 " + p50);
    }

    @Test
    void histogramsSurviveEncoding() {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(i);
        }
        Histogram decoded = HistogramCodec.decode(HistogramCodec.encode(h));
        assertEquals(h.getTotalCount(), decoded.getTotalCount());
        assertEquals(h.getValueAtPercentile(99), decoded.getValueAtPercentile(99));
        assertEquals(h, decoded);
    }
}
