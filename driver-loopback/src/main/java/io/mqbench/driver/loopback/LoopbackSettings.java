package io.mqbench.driver.loopback;

import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;

/** The loopback driver's YAML file, read strictly: a typo or an out-of-range value is one clear line. */
public final class LoopbackSettings {
    public String name;
    public String driverClass;

    /** Time from send to delivery to a consumer, per subscription. */
    public LatencyModel deliveryLatency = LatencyModel.none();

    /** Never deliver a message before one sent earlier to the same partition (as a log would). */
    public boolean keepOrder = true;

    /** Time from send to the producer's acknowledgement. */
    public LatencyModel ackLatency = LatencyModel.none();

    /** Share of messages a subscription never receives although the send was acknowledged. */
    public double lossRate;

    /** Share of messages a subscription receives twice. */
    public double duplicateRate;

    /** Share of sends that fail (the message is not delivered). */
    public double sendErrorRate;

    /**
     * At most this many unacknowledged sends per producer; a send waits in sendAsync while the
     * window is full, as with a publisher-confirm window (pair it with an ackLatency). 0: no window.
     */
    public int sendWindow;

    /** Once, {@code afterMs} after the first send, sends wait {@code forMs}: a producer held up for a while. */
    public StallWindow.Settings sendStall;

    /**
     * Once, {@code afterMs} after the first send, consumers deliver nothing for {@code forMs}, then
     * what waited: a backlog built while a broker or client was cold (see StallWindow).
     */
    public StallWindow.Settings deliveryStall;

    /**
     * Once, {@code afterMs} after the first send and for {@code forMs}, each send is acknowledged
     * {@code lagMs} late, and at the end every late one at once: acknowledgements that fall behind,
     * then catch up (see AckLag).
     */
    public AckLag.Settings ackLag;

    /**
     * What one partition of a topic takes, as a broker would: sends beyond it queue up (later
     * acknowledgements, deliveries at the capacity), none is dropped. Unset: no limit.
     */
    public ServiceRate capacity = ServiceRate.unlimited();

    /** What one consumer processes; beyond it the backlog grows. Unset: no limit. */
    public ServiceRate consumerCapacity = ServiceRate.unlimited();

    /**
     * The redelivery horizon the driver states (see RedeliveryHorizon), in milliseconds: how long
     * the harness waits for missing messages before it calls them lost. The loopback itself never
     * redelivers; this lets tests play a broker that does.
     */
    public long redeliveryHorizonMs;

    /**
     * When producers stop after sending for at least a second, consumers deliver nothing more for
     * this long, once (milliseconds): a rebalance or a reconnect at the end of a run. 0: never.
     */
    public long stallAtEndMs;

    /**
     * Whether the loopback keeps the time of each send: its capacity, latencies, stalls and
     * reordering need it. Without them a message is deliverable and acknowledged the moment it is
     * sent, and a send reads no clock (two readings a message were a tenth of the sender thread's
     * time at 2 M msg/s; driver-loopback/README.md).
     */
    boolean timed() {
        return !capacity.isUnlimited() || !deliveryLatency.isNone() || !ackLatency.isNone() || !keepOrder
                || sendStall != null || deliveryStall != null || ackLag != null || stallAtEndMs > 0;
    }

    static LoopbackSettings read(File file) throws IOException {
        return DriverSettings.read(file, LoopbackSettings.class, LoopbackSettings::validate);
    }

    void validate() {
        deliveryLatency.validate("deliveryLatency");
        ackLatency.validate("ackLatency");
        checkRate("lossRate", lossRate);
        checkRate("duplicateRate", duplicateRate);
        checkRate("sendErrorRate", sendErrorRate);
        capacity.validate("capacity");
        checkMillis("redeliveryHorizonMs", redeliveryHorizonMs);
        if (sendStall != null) {
            checkMillis("sendStall.afterMs", sendStall.afterMs);
            checkMillis("sendStall.forMs", sendStall.forMs);
        }
        if (deliveryStall != null) {
            checkMillis("deliveryStall.afterMs", deliveryStall.afterMs);
            checkMillis("deliveryStall.forMs", deliveryStall.forMs);
        }
        if (ackLag != null) {
            checkMillis("ackLag.afterMs", ackLag.afterMs);
            checkMillis("ackLag.forMs", ackLag.forMs);
            checkMillis("ackLag.lagMs", ackLag.lagMs);
        }
        if (sendWindow < 0) {
            throw new IllegalArgumentException("sendWindow is " + sendWindow + "; allowed: 0 (no window) or more");
        }
        checkMillis("stallAtEndMs", stallAtEndMs);
        consumerCapacity.validate("consumerCapacity");
    }

    private static void checkMillis(String field, long value) {
        if (value < 0 || value > 3_600_000) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: 0 to 3600000 (milliseconds)");
        }
    }

    private static void checkRate(String field, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: 0.0 to 1.0");
        }
    }
}
