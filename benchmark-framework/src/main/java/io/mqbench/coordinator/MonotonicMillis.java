package io.mqbench.coordinator;

/**
 * Milliseconds on the monotonic clock, for the coordinator's waits and the times it reports for
 * them: elapsed time that a step of the wall clock (an NTP correction, a virtual machine resumed)
 * does not cut short or stretch. A wait for quiet cut short would count messages still on their
 * way as lost. Only differences between two readings mean anything.
 */
final class MonotonicMillis {
    private MonotonicMillis() {}

    static long now() {
        return System.nanoTime() / 1_000_000;
    }
}
