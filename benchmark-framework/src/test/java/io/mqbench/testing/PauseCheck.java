package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.driver.api.PausableConsumer;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;

/**
 * The one check of a driver's pause and resume (the harness's backlog phase relies on them), shared
 * by the driver modules' ITs: a paused consumer receives nothing, and after resume everything sent
 * meanwhile arrives exactly once.
 */
public final class PauseCheck {
    private PauseCheck() {}

    /**
     * Sends 100 messages and waits for them, pauses {@code consumer}, waits {@code settleMillis} for
     * whatever the client had already taken to be handed over (a pull request still open, a batch
     * in the listener), sends 1,000 more, sees none arrive in 2 s, resumes, and sees all 1,100
     * exactly once. {@code inbox} is the consumer's callback, the only one on the topic, still empty.
     */
    public static void nothingArrivesWhilePausedAndEverythingAfterResume(BenchmarkConsumer consumer, Inbox inbox,
            BenchmarkProducer producer, long settleMillis) throws Exception {
        Messages.sendAll(producer, 100);
        assertEquals(100, Inbox.awaitTotal(100, 30_000, inbox));

        ((PausableConsumer) consumer).pause();
        Thread.sleep(settleMillis);
        int before = inbox.count();
        Messages.sendAll(producer, 100, 1_100);
        Thread.sleep(2_000);
        assertEquals(before, inbox.count(), "nothing arrives while paused");

        ((PausableConsumer) consumer).resume();
        assertEquals(1_100, Inbox.awaitTotal(1_100, 30_000, 1_000, inbox));
        Messages.assertExactlyOnce(inbox.payloads(), 1_100);
    }
}
