package io.mqbench.driver.loopback;

/**
 * The {@code deliveryStall} setting: once, {@code afterMs} after the first send, every consumer
 * holds its deliveries for {@code forMs}, then delivers what waited, as a broker or a client still
 * cold at the start of a run does (SQS on ElasticMQ fell 5 s of load behind in a 10-s warm-up).
 * The producers go on at their rate, so a backlog builds and is worked off after the stall.
 */
final class DeliveryStall {
    private final long afterNanos;
    private final long forNanos;
    private volatile long firstSend;

    DeliveryStall(SendStall.Settings settings) {
        this.afterNanos = settings == null ? 0 : settings.afterMs * 1_000_000;
        this.forNanos = settings == null ? 0 : settings.forMs * 1_000_000;
    }

    /** A producer sent a message at {@code now}. */
    void sent(long now) {
        if (forNanos != 0 && firstSend == 0) {
            synchronized (this) {
                if (firstSend == 0) {
                    firstSend = now;
                }
            }
        }
    }

    /** Whether consumers must hold their deliveries at {@code now}. */
    boolean holding(long now) {
        long first = firstSend;
        if (forNanos == 0 || first == 0) {
            return false;
        }
        long start = first + afterNanos;
        return now - start >= 0 && now - (start + forNanos) < 0;
    }
}
