package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PublishWindowTest {

    @Test
    void aFullWindowMakesTheNextSendWaitUntilAnAcknowledgementFreesRoom() throws Exception {
        PublishWindow window = new PublishWindow(2, 5_000);
        assertTrue(window.take());
        assertTrue(window.take());
        CompletableFuture<Boolean> third = CompletableFuture.supplyAsync(() -> {
            try {
                return window.take();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);
        assertFalse(third.isDone(), "no room while two sends are unacknowledged");
        window.release();
        assertTrue(third.get(5, TimeUnit.SECONDS), "an acknowledgement lets it through");
    }

    @Test
    void aReservationIsUsedByTheNextTakeAndNotTakenTwice() throws Exception {
        PublishWindow window = new PublishWindow(1, 100);
        window.reserve();
        window.reserve(); // already holding the one place: must not wait for a second
        assertTrue(window.take(), "the reserved place");
        assertFalse(window.take(), "the window has one place, and it is in use: gives up after the timeout");
    }

    @Test
    void awaitEmptyWaitsForEveryOutstandingSendButNotForAReservation() throws Exception {
        PublishWindow window = new PublishWindow(3, 1_000);
        assertTrue(window.take());
        window.reserve();
        assertFalse(window.awaitEmpty(100), "one send is still out");
        window.release();
        assertTrue(window.awaitEmpty(1_000), "only the sender's own reservation is left");
        assertTrue(window.take(), "the reservation survives awaitEmpty");
    }
}
