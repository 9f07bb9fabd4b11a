package io.mqbench.driver.jms;

import java.util.Map;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import javax.jms.Topic;

/**
 * What differs between JMS brokers, behind one seam: how to connect, how a benchmark topic and a
 * subscription map to the broker's destinations, how a send learns that the broker took the
 * message, and how to clean up. Everything else (producers, consumers, acknowledgements, the
 * harness's callbacks) is plain JMS in this package.
 */
public interface JmsProvider extends AutoCloseable {

    /** A new connection (one TCP connection) with the configured credentials, not yet started. */
    Connection connect() throws JMSException;

    /** Creates the broker-side destination of a topic, if the broker needs that before use. */
    void createTopic(String topic, int partitions) throws Exception;

    /** Where producers of {@code topic} send. */
    Destination producerDestination(Session session, String topic) throws JMSException;

    /**
     * A consumer of one subscription: every subscription of a topic gets every message, and the
     * consumers of one subscription share its messages.
     */
    MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException;

    /** How a send is told, later, that the broker acknowledged (or refused) the message. */
    AsyncSend asyncSend();

    /** Watches a connection: tells {@code events} when it broke and when the client reconnected it. */
    void watch(Connection connection, ConnectionEvents events) throws JMSException;

    /** Removes a subscription and the messages it holds; best effort, after its consumers closed. */
    void deleteSubscription(String topic, String subscription);

    /** Removes a topic this driver created; best effort. */
    void deleteTopic(String topic);

    /** Client library, broker version and effective connection settings, for the result file; no secrets. */
    Map<String, String> describe();

    @Override
    void close();

    /** A connection from {@code factory} with the settings' credentials, anonymous without them. */
    static Connection connect(ConnectionFactory factory, JmsSettings settings) throws JMSException {
        return settings.user == null ? factory.createConnection()
                : factory.createConnection(settings.user, settings.password);
    }

    /**
     * A consumer of the JMS 2.0 shared subscription {@code subscription} of {@code topic}: durable
     * or not per the settings, one broker-side queue whose consumers compete.
     */
    static MessageConsumer sharedSubscription(Session session, String topic, String subscription, JmsSettings settings)
            throws JMSException {
        Topic destination = session.createTopic(topic);
        return settings.durableSubscriptions ? session.createSharedDurableConsumer(destination, subscription)
                : session.createSharedConsumer(destination, subscription);
    }

    /** What happens to a connection. */
    interface ConnectionEvents {
        /**
         * The connection broke; the broker's answers to sends in flight may never come.
         * {@code reconnecting}: the client library is trying to reconnect by itself.
         */
        void lost(Exception cause, boolean reconnecting);

        /** The client library reconnected after {@code lost(cause, true)}. */
        void restored();
    }
}
