package io.mqbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.worker.commands.PeriodStats;
import java.util.concurrent.atomic.AtomicBoolean;
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
    void countsAndHistogramsAgreeExactlyWhileThreadsRecord() throws Exception {
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
        for (int i = 0; i < 200; i++) {
            PeriodStats period = stats.takePeriod();
            assertEquals(period.publishLatency.getTotalCount(), period.messagesSent);
            assertEquals(period.endToEndLatency.getTotalCount(), period.messagesReceived);
            sent += period.messagesSent;
            received += period.messagesReceived;
        }
        running.set(false);
        for (Thread recorder : recorders) {
            recorder.join();
        }
        PeriodStats last = stats.takePeriod();
        assertEquals(stats.counters().messagesSent, sent + last.messagesSent, "no send counted twice or lost between periods");
        assertEquals(stats.counters().messagesReceived, received + last.messagesReceived);
    }
}
