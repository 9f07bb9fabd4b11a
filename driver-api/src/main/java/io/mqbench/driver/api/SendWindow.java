package io.mqbench.driver.api;

/**
 * Optional, for a {@link io.openmessaging.benchmark.driver.BenchmarkProducer} whose {@code
 * sendAsync} waits while its own window of unacknowledged sends is full (a publisher-confirm
 * window, a limit on pending sends).
 *
 * <p>The harness calls {@link #awaitRoom()} before each {@code sendAsync} of this producer, on the
 * same thread, and counts the wait as publish delay: the message is late because the window was
 * full, exactly as with the harness's own {@code maxOutstandingSends}. Publish latency then runs
 * from the hand-over to the acknowledgement. After {@code awaitRoom} returns, the next {@code
 * sendAsync} must not wait for room again. A harness that never calls it (an upstream OMB worker)
 * loses nothing: {@code sendAsync} then waits for room itself, and that wait is part of publish
 * latency, as in OMB.
 */
public interface SendWindow {

    /** Waits until the window has room for one more send and reserves it for the next {@code sendAsync}. */
    void awaitRoom() throws InterruptedException;
}
