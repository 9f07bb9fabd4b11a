package io.mqbench.driver.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PendingSendsTest {

    @Test
    void aSendCompletesOnceOnItsAnswer() {
        PendingSends sends = new PendingSends(2);
        CompletableFuture<Void> future = new CompletableFuture<>();
        PendingSends.Pending entry = sends.open(future);
        assertFalse(future.isDone());
        assertEquals(1, sends.count());
        entry.acknowledged();
        entry.failed(new Exception("late duplicate answer"));
        assertTrue(future.isDone() && !future.isCompletedExceptionally());
        assertEquals(0, sends.count());
    }

    @Test
    void aFullWindowWaitsForRoom() throws Exception {
        PendingSends sends = new PendingSends(1);
        PendingSends.Pending first = sends.open(new CompletableFuture<>());
        CompletableFuture<Void> second = new CompletableFuture<>();
        CompletableFuture<PendingSends.Pending> opening = CompletableFuture.supplyAsync(() -> sends.open(second));
        Thread.sleep(200);
        assertFalse(opening.isDone(), "no room while one send is pending");
        first.acknowledged();
        assertNotNull(opening.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aLostConnectionFailsPendingAndLaterSendsUntilReopened() {
        PendingSends sends = new PendingSends(0);
        CompletableFuture<Void> inFlight = new CompletableFuture<>();
        sends.open(inFlight);
        Exception cause = new Exception("connection lost");
        sends.failAll(cause);
        ExecutionException failure = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> inFlight.get(1, TimeUnit.SECONDS));
        assertSame(cause, failure.getCause());
        assertSame(cause, sends.lost());

        CompletableFuture<Void> later = new CompletableFuture<>();
        assertNull(sends.open(later));
        assertTrue(later.isCompletedExceptionally());
        assertEquals(0, sends.count());

        sends.reopen();
        assertNull(sends.lost());
        assertNotNull(sends.open(new CompletableFuture<>()));
    }
}
