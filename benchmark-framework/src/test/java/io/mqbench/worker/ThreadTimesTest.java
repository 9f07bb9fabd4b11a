package io.mqbench.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ThreadTimesTest {
    @Test
    void schedstatGivesRunningAndRunQueueNanoseconds() {
        assertArrayEquals(new long[] {97596, 238054}, ThreadTimes.parseSchedstat("97596 238054 2\n"));
        assertNull(ThreadTimes.parseSchedstat("97596"));
    }

    @Test
    void aThreadThatSpinsThenSleepsCountsTheSpinningOnly() throws Exception {
        CountDownLatch spun = new CountDownLatch(1);
        CountDownLatch sampled = new CountDownLatch(1);
        ThreadTimes[] times = new ThreadTimes[1];
        Thread thread = new Thread(() -> {
            times[0].learnOwnId();
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            spun.countDown();
            try {
                sampled.await(); // asleep: neither running nor waiting for a core
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        times[0] = new ThreadTimes(thread);
        long start = System.nanoTime();
        thread.start();
        spun.await();
        Thread.sleep(300);
        long[] sample = times[0].sample();
        double elapsed = (System.nanoTime() - start) / 1e9;
        sampled.countDown();
        thread.join();
        double busy = (sample[0] + Math.max(0, sample[1])) / 1e9;
        // Runnable for its 300 ms of spinning, running or waiting for a core, and asleep for the
        // 300 ms after, which must not count.
        assertTrue(busy >= 0.28 && busy < 0.45 && busy < elapsed - 0.2, busy + " s busy of " + elapsed + " s");
        assertTrue(sample[1] >= 0, "Linux says how long the thread waited for a core: " + sample[1]);
    }
}
