package io.mqbench.driver.support;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A producer's sends that wait for the broker's acknowledgement, at most {@code size} at once.
 * {@link #reserve()} takes room before the send (the harness calls it through {@code
 * io.mqbench.driver.api.SendWindow} and counts the wait as publish delay); a send that finds no
 * reservation takes room itself. Only the producer's sender thread reserves and takes;
 * acknowledgements release from the client library's threads.
 */
public final class PublishWindow {
    private final Semaphore room;
    private final int size;
    private final long timeoutMillis;
    private boolean reserved;

    public PublishWindow(int size, long timeoutMillis) {
        this.room = new Semaphore(size);
        this.size = size;
        this.timeoutMillis = timeoutMillis;
    }

    /** Waits for room and keeps it for the next {@link #take()}. */
    public void reserve() throws InterruptedException {
        if (!reserved) {
            reserved = room.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Room for one send: the reserved one, or room waited for now; false when none came in time. */
    public boolean take() throws InterruptedException {
        if (reserved) {
            reserved = false;
            return true;
        }
        return room.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    public void release() {
        room.release();
    }

    /** Waits until every send is acknowledged (or failed); false if some were still out after {@code millis}. */
    public boolean awaitEmpty(long millis) throws InterruptedException {
        int mine = reserved ? 1 : 0;
        if (!room.tryAcquire(size - mine, millis, TimeUnit.MILLISECONDS)) {
            return false;
        }
        room.release(size - mine);
        return true;
    }

    public int size() {
        return size;
    }
}
