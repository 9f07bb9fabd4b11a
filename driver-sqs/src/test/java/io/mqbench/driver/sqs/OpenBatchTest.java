package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class OpenBatchTest {
    private static PendingSend ofBytes(int bytes) {
        return new PendingSend(null, bytes, new CompletableFuture<>());
    }

    @Test
    void tenEntriesFillABatch() {
        OpenBatch batch = new OpenBatch(10, 1000);
        for (int i = 0; i < 9; i++) {
            batch.add(ofBytes(10));
            assertFalse(batch.isFull());
        }
        batch.add(ofBytes(10));
        assertTrue(batch.isFull());
        assertFalse(batch.fits(ofBytes(1)));
        assertEquals(10, batch.cut().size());
        assertTrue(batch.isEmpty());
    }

    @Test
    void theTotalSizeStaysWithinTheLimit() {
        OpenBatch batch = new OpenBatch(10, 1000);
        batch.add(ofBytes(600));
        assertTrue(batch.fits(ofBytes(400)), "exactly the limit is allowed");
        assertFalse(batch.fits(ofBytes(401)));
    }

    @Test
    void aMessageOverTheLimitGoesAloneAndFillsItsBatch() {
        OpenBatch batch = new OpenBatch(10, 1000);
        assertTrue(batch.fits(ofBytes(5000)), "an empty batch takes anything: SQS then refuses that message only");
        batch.add(ofBytes(5000));
        assertTrue(batch.isFull());
    }
}
