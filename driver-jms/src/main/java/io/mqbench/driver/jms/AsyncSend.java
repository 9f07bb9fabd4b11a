package io.mqbench.driver.jms;

import javax.jms.CompletionListener;
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

    /** JMS 2.0's own way, for clients that implement it: the client calls the listener with the broker's answer. */
    AsyncSend COMPLETION_LISTENER = (producer, message, outcome) -> producer.send(message, new CompletionListener() {
        @Override
        public void onCompletion(Message sent) {
            outcome.acknowledged();
        }

        @Override
        public void onException(Message sent, Exception error) {
            outcome.failed(error);
        }
    });

    /** The broker's answer to one send; exactly one of the two methods is called, once. */
    interface Outcome {
        void acknowledged();

        void failed(Exception error);
    }
}
