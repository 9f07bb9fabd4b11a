package io.mqbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeriodRecorderTest {
    @Test
    void theLanesOfThreadsThatEndedAreTakenOnceMoreAndThenDropped() throws InterruptedException {
        // Drivers may complete sends on short-lived threads: each gets a lane, and a lane must not
        // outlive its thread (nor lose what it recorded).
        PeriodRecorder sends = PeriodRecorder.forSends();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 50; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 10; i++) {
                    sends.recordSent(100, 5, 0);
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        sends.recordSent(100, 7, 1); // this thread's lane stays
        assertEquals(51, sends.laneCount());
        PeriodRecorder.Window window = sends.take();
        assertEquals(501, window.publish.getTotalCount(), "every send, the ended threads' too");
        assertEquals(50_100, window.bytesSent);
        assertEquals(1, sends.laneCount(), "the ended threads' lanes are gone");
        assertEquals(0, sends.take().publish.getTotalCount(), "and nothing is counted twice");
    }

    @Test
    void aThreadThatSendsAndReceivesHasALaneOnEachSide() {
        PeriodRecorder sends = PeriodRecorder.forSends();
        PeriodRecorder receipts = PeriodRecorder.forReceipts();
        sends.recordSent(10, 3, 0);
        receipts.recordReceived(10, 4);
        assertEquals(1, sends.take().publish.getTotalCount());
        PeriodRecorder.Window received = receipts.take();
        assertEquals(1, received.endToEnd.getTotalCount());
        assertEquals(4, received.endToEnd.getMaxValue());
        assertEquals(10, received.bytesReceived);
    }

    @Test
    void theTotalCountsEveryThreadsMessagesProbesIncludedAndOutlivesTakesAndEndedThreads() throws InterruptedException {
        // The coordinator's backlog is sent total minus received total: a message lost from the
        // total when its thread's lane is dropped would read as a message never sent.
        PeriodRecorder receipts = PeriodRecorder.forReceipts();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 1_000; i++) {
                    receipts.recordReceived(10, 5);
                }
                receipts.countOnly();
            });
            thread.start();
            threads.add(thread);
        }
        receipts.recordReceived(10, 5);
        long latencies = receipts.take().endToEnd.getTotalCount(); // a period taken while they record
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(20_021, receipts.total(), "every receipt and probe, whatever was taken before");
        latencies += receipts.take().endToEnd.getTotalCount();
        assertEquals(20_001, latencies, "probes count in the total only");
        assertEquals(1, receipts.laneCount(), "the ended threads' lanes are dropped");
        assertEquals(20_021, receipts.total(), "their counts stay in the total");
        assertEquals(0, receipts.take().endToEnd.getTotalCount());
        receipts.recordReceived(10, 5);
        assertEquals(20_022, receipts.total());
    }
}
