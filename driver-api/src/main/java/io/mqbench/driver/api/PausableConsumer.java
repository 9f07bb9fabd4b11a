package io.mqbench.driver.api;

/**
 * Optional: a consumer that can stop fetching and start again, for backlog tests.
 *
 * <p>A {@link io.openmessaging.benchmark.driver.BenchmarkConsumer} may implement this in addition.
 * The harness uses it when present; otherwise it pauses a consumer by holding its callback, as
 * upstream OMB does, which ties up the driver's delivery thread and lets the client buffer fill.
 */
public interface PausableConsumer {

    /** Stop fetching messages. Messages already fetched may still be delivered. */
    void pause();

    /** Fetch again after {@link #pause()}. */
    void resume();
}
