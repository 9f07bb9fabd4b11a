package io.mqbench.driver.mqtt;

import com.hivemq.client.mqtt.datatypes.MqttUtf8String;
import com.hivemq.client.mqtt.mqtt5.datatypes.Mqtt5UserProperty;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5Publish;
import io.mqbench.driver.api.StampedPayload;

/**
 * The publish time a consumer reports. mqbench's harness stamps its send time into the payload
 * ({@link StampedPayload}), so a stamped message carries nothing extra; any other payload (in an
 * upstream OMB worker) gets an MQTT 5 user property with the producer's epoch milliseconds.
 */
final class PublishTime {
    static final MqttUtf8String PROPERTY = MqttUtf8String.of("mqbench-publish-ms");

    private PublishTime() {}

    /** The send time in epoch milliseconds; for a message of another publisher, the time it arrived. */
    static long of(Mqtt5Publish publish, byte[] payload) {
        long stamped = StampedPayload.sendMillis(payload);
        if (stamped >= 0) {
            return stamped;
        }
        for (Mqtt5UserProperty property : publish.getUserProperties().asList()) {
            if (property.getName().equals(PROPERTY)) {
                try {
                    return Long.parseLong(property.getValue().toString());
                } catch (NumberFormatException e) {
                    break; // someone else's property
                }
            }
        }
        return System.currentTimeMillis();
    }
}
