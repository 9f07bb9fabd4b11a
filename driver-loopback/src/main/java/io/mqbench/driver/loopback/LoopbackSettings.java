package io.mqbench.driver.loopback;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.File;
import java.io.IOException;

/** The loopback driver's YAML file. Unknown fields are rejected, so a typo cannot go unnoticed. */
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

    static LoopbackSettings read(File file) throws IOException {
        ObjectMapper mapper = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        LoopbackSettings settings = mapper.readValue(file, LoopbackSettings.class);
        settings.validate();
        return settings;
    }

    void validate() {
        deliveryLatency.validate("deliveryLatency");
        ackLatency.validate("ackLatency");
        checkRate("lossRate", lossRate);
        checkRate("duplicateRate", duplicateRate);
        checkRate("sendErrorRate", sendErrorRate);
    }

    private static void checkRate(String field, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(field + " is " + value + "; allowed: 0.0 to 1.0");
        }
    }
}
