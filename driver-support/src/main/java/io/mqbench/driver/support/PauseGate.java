package io.mqbench.driver.support;

/**
 * Where a consumer's reading thread waits while the harness has paused it (OMB's
 * {@code pause-consumers} / {@code resume-consumers}, used by backlog tests). The reader calls
 * {@link #awaitResumed()} before each read (the harness: before each message it is handed);
 * {@link #resume()} and {@link #close()} wake it, so a paused consumer neither polls nor holds up
 * its own close. While open, the check is two volatile reads and takes no lock: it is on the
 * receive path of every message.
 */
public final class PauseGate {
    private volatile boolean paused;
    private volatile boolean closed;

    public synchronized void pause() {
        paused = true;
    }

    public synchronized void resume() {
        paused = false;
        notifyAll();
    }

    /** For good: from now on {@link #awaitResumed()} returns false at once. */
    public synchronized void close() {
        closed = true;
        notifyAll();
    }

    /** Paused and not closed: a reader about to wait may first finish what it holds (acknowledgements). */
    public synchronized boolean isPaused() {
        return paused && !closed;
    }

    /** Blocks while paused; true when the reader may read, false once the gate is closed. */
    public boolean awaitResumed() throws InterruptedException {
        if (!paused) {
            return !closed;
        }
        synchronized (this) {
            while (paused && !closed) {
                wait();
            }
            return !closed;
        }
    }
}
