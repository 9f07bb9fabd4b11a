package io.mqbench.coordinator.maxrate;

import java.io.IOException;

/**
 * What the search needs of a running load: set the producers' rate, read the running totals, take
 * the latencies recorded since the last call, and tell and pass the time. The coordinator's
 * implementation talks to the workers; tests drive the search against a simulated system.
 */
public interface LoadProbe {
    void setRate(double messagesPerSecond) throws IOException;

    LoadSample sample() throws IOException;

    /** The latencies recorded since the last call (which empties them). */
    WindowLatencies takeLatencies() throws IOException;

    long nanoTime();

    /** Waits; a stop request ends the wait with an exception. */
    void sleep(long millis);
}
