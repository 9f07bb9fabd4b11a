package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class PauseGateTest {
    /** What a reader thread's awaitResumed() returned, once it returns. */
    private static CompletableFuture<Boolean> reader(PauseGate gate) {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                answer.complete(gate.awaitResumed());
            } catch (InterruptedException e) {
                answer.completeExceptionally(e);
            }
        });
        thread.setDaemon(true);
        thread.start();
        return answer;
    }

    private static void assertStillWaiting(CompletableFuture<Boolean> reader) throws Exception {
        try {
            reader.get(200, TimeUnit.MILLISECONDS);
            throw new AssertionError("the reader went on while the gate was paused");
        } catch (TimeoutException expected) {
            // still waiting, as it should
        }
    }

    @Test
    void anOpenGateLetsTheReaderReadAtOnce() throws Exception {
        PauseGate gate = new PauseGate();
        assertTrue(gate.awaitResumed());
        assertFalse(gate.isPaused());
    }

    @Test
    void aPausedReaderWaitsUntilResumed() throws Exception {
        PauseGate gate = new PauseGate();
        gate.pause();
        assertTrue(gate.isPaused());
        CompletableFuture<Boolean> reader = reader(gate);
        assertStillWaiting(reader);
        gate.resume();
        assertEquals(true, reader.get(5, TimeUnit.SECONDS));
        assertFalse(gate.isPaused());
    }

    @Test
    void closingWakesAPausedReaderAndTellsItToStop() throws Exception {
        PauseGate gate = new PauseGate();
        gate.pause();
        CompletableFuture<Boolean> reader = reader(gate);
        assertStillWaiting(reader);
        gate.close();
        assertEquals(false, reader.get(5, TimeUnit.SECONDS));
        assertFalse(gate.isPaused(), "a closed gate is not paused: nothing is left to wait for");
        gate.resume();
        assertFalse(gate.awaitResumed(), "closed for good");
    }

    @Test
    void anInterruptedReaderStopsWaiting() {
        PauseGate gate = new PauseGate();
        gate.pause();
        Thread.currentThread().interrupt();
        try {
            gate.awaitResumed();
            throw new AssertionError("awaitResumed ignored the interrupt");
        } catch (InterruptedException expected) {
            assertFalse(Thread.interrupted(), "the interrupt was consumed by the wait");
        }
    }
}
