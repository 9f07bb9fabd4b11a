package io.mqbench.driver.amqp;

import java.util.Map;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.Session;

/**
 * How benchmark topics and subscriptions map onto an AMQP 1.0 broker's nodes: AMQP 1.0 leaves
 * that to the broker, so Artemis (JMS topics and shared subscriptions) and RabbitMQ 3.x (exchanges
 * and queues named in link addresses) each have their own. The rest of the AMQP driver is the same.
 */
interface Nodes extends AutoCloseable {

    /** Creates what producers of a topic send to, where the broker does not do that on first use. */
    void createTopic(String topic) throws Exception;

    /** The target of a topic's producers. */
    Destination producerDestination(Session session, String topic) throws JMSException;

    /** A consumer of one subscription of {@code topic}; its consumers compete for its messages. */
    MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException;

    /** Removes a subscription and the messages it holds; best effort, after its consumers closed. */
    void deleteSubscription(String topic, String subscription);

    /** Removes a topic created by {@link #createTopic}; best effort. */
    void deleteTopic(String topic);

    /** The mapping in a few words, for the result's metadata. */
    Map<String, String> describe();

    @Override
    void close();
}
