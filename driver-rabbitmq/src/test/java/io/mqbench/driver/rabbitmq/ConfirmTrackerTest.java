package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The bookkeeping of publisher confirms, fed the acks a broker would send (see the ITs for a real one). */
class ConfirmTrackerTest {
    private final AtomicLong nextSequence = new AtomicLong(1);
    private final List<Long> published = new ArrayList<>();

    private CompletableFuture<Void> publish(ConfirmTracker tracker) {
        return tracker.publish(nextSequence::getAndIncrement, published::add);
    }

    @Test
    void acksCompleteExactlyTheConfirmedSends() {
        ConfirmTracker tracker = new ConfirmTracker(0);
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sends.add(publish(tracker));
        }
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), published);
        tracker.acked(2, false);
        assertTrue(sends.get(1).isDone());
        assertFalse(sends.get(0).isDone());
        tracker.acked(4, true);
        assertTrue(sends.get(0).isDone() && sends.get(2).isDone() && sends.get(3).isDone());
        assertFalse(sends.get(4).isDone());
        assertEquals(1, tracker.outstanding());
    }

    @Test
    void nacksAndReturnsFailTheirSends() {
        ConfirmTracker tracker = new ConfirmTracker(0);
        CompletableFuture<Void> first = publish(tracker);
        CompletableFuture<Void> second = publish(tracker);
        CompletableFuture<Void> third = publish(tracker);
        tracker.nacked(1, false);
        tracker.returned(2, "NO_ROUTE (312)");
        tracker.acked(3, true);
        assertInstanceOf(ConfirmTracker.NackedException.class, cause(first));
        Throwable unroutable = cause(second);
        assertInstanceOf(ConfirmTracker.UnroutableException.class, unroutable);
        assertTrue(unroutable.getMessage().contains("NO_ROUTE"));
        assertFalse(third.isCompletedExceptionally());
    }

    @Test
    void aLostChannelFailsWhatIsOutstandingAndWhatComesLater() {
        ConfirmTracker tracker = new ConfirmTracker(10);
        CompletableFuture<Void> inFlight = publish(tracker);
        tracker.closeAll(new IOException("channel lost"));
        assertEquals("channel lost", cause(inFlight).getMessage());
        CompletableFuture<Void> later = publish(tracker);
        assertEquals("channel lost", cause(later).getMessage());
        assertEquals(0, tracker.outstanding());
    }

    @Test
    void aFailedPublishFailsItsSendAndFreesItsPlace() {
        ConfirmTracker tracker = new ConfirmTracker(1);
        CompletableFuture<Void> failed = tracker.publish(nextSequence::getAndIncrement, sequence -> {
            throw new IOException("socket closed");
        });
        assertEquals("socket closed", cause(failed).getMessage());
        CompletableFuture<Void> next = publish(tracker);
        assertFalse(next.isDone(), "the window of 1 had room again");
    }

    @Test
    void aPublishThatFailsBeforeTheChannelCountedItLeavesItsNumberToTheNext() {
        // The client's basicPublish can fail before it takes the number (a closed channel): the next
        // publish gets the same number from getNextPublishSeqNo, and must still get a future.
        ConfirmTracker tracker = new ConfirmTracker(0);
        CompletableFuture<Void> unconfirmed = tracker.publish(() -> 6, published::add);
        CompletableFuture<Void> failed = tracker.publish(() -> 7, sequence -> {
            throw new IOException("channel is closing");
        });
        assertEquals("channel is closing", cause(failed).getMessage());
        CompletableFuture<Void> next = tracker.publish(() -> 7, published::add);
        tracker.acked(7, true);
        assertTrue(next.isDone() && !next.isCompletedExceptionally());
        assertTrue(unconfirmed.isDone() && !unconfirmed.isCompletedExceptionally());
        assertEquals(0, tracker.outstanding());
    }

    @Test
    void aFullWindowHoldsThePublisherUntilAConfirmArrives() throws Exception {
        ConfirmTracker tracker = new ConfirmTracker(2);
        publish(tracker);
        publish(tracker);
        CompletableFuture<CompletableFuture<Void>> third = CompletableFuture.supplyAsync(() -> publish(tracker));
        Thread.sleep(200);
        assertFalse(third.isDone(), "two unconfirmed: the third publish waits");
        tracker.acked(1, false);
        CompletableFuture<Void> send = third.get(5, TimeUnit.SECONDS);
        assertFalse(send.isDone());
        assertEquals(List.of(1L, 2L, 3L), published);
    }

    private static Throwable cause(CompletableFuture<Void> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(1, TimeUnit.SECONDS));
        return e.getCause();
    }
}
