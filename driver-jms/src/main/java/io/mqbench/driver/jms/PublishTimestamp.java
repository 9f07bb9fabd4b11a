package io.mqbench.driver.jms;

import io.mqbench.driver.api.StampedPayload;
import javax.jms.JMSException;
import javax.jms.Message;

/**
 * The producer's wall-clock send time, in epoch milliseconds, is what the consumer passes to the
 * harness; never a broker timestamp. A payload with mqbench's stamp carries it already ({@link
 * StampedPayload}); any other payload (in an upstream OMB worker) gets a message property, which
 * the client would otherwise encode and decode on every message.
 */
public final class PublishTimestamp {
    /** A valid JMS property name (a Java identifier: no dashes). */
    public static final String PROPERTY = "mqbenchPublishMillis";

    private PublishTimestamp() {}

    static void stamp(Message message, byte[] payload) throws JMSException {
        if (!StampedPayload.isStamped(payload)) {
            message.setLongProperty(PROPERTY, System.currentTimeMillis());
        }
    }

    /** The producer's time, or the receive time for a message that did not come from this driver. */
    static long of(Message message, byte[] payload) throws JMSException {
        long stamped = StampedPayload.sendMillis(payload);
        if (stamped >= 0) {
            return stamped;
        }
        return message.propertyExists(PROPERTY) ? message.getLongProperty(PROPERTY) : System.currentTimeMillis();
    }
}
