package io.mqbench.driver.artemis.jms;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;

/**
 * Sends a message without waiting, and reports the broker's answer to {@code outcome} later. JMS
 * 2.0 has {@code CompletionListener} for this; ActiveMQ Classic's 5.x client does not implement
 * it and has its own callback, hence this seam.
 */
public interface AsyncSend {

    void send(MessageProducer producer, Message message, Outcome outcome) throws JMSException;

    /** The broker's answer to one send; exactly one of the two methods is called, once. */
    interface Outcome {
        void acknowledged();

        void failed(Exception error);
    }
}
