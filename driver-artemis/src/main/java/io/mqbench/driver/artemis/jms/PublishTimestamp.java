package io.mqbench.driver.artemis.jms;

import javax.jms.JMSException;
import javax.jms.Message;

/**
 * The producer's wall-clock send time travels in a message property, in epoch milliseconds, and
 * is what the consumer passes to the harness. Never a broker timestamp.
 */
public final class PublishTimestamp {
    /** A valid JMS property name (a Java identifier: no dashes). */
    public static final String PROPERTY = "mqbenchPublishMillis";

    private PublishTimestamp() {}

    static void stamp(Message message) throws JMSException {
        message.setLongProperty(PROPERTY, System.currentTimeMillis());
    }

    /** The producer's time, or the receive time for a message that did not come from this driver. */
    static long of(Message message) throws JMSException {
        return message.propertyExists(PROPERTY) ? message.getLongProperty(PROPERTY) : System.currentTimeMillis();
    }
}
