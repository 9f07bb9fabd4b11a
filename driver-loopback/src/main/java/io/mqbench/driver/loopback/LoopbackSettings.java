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
     * What one partition of a topic takes, as a broker would: sends beyond it queue up (later
     * acknowledgements, deliveries at the capacity), none is dropped. Unset: no limit.
     */
    public ServiceRate capacity = ServiceRate.unlimited();

    /** What one consumer processes; beyond it the backlog grows. Unset: no limit. */
    public ServiceRate consumerCapacity = ServiceRate.unlimited();

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
        consumerCapacity.validate("consumerCapacity");
    }

    private static void checkRate(String field, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: 0.0 to 1.0");
        }
    }
}
