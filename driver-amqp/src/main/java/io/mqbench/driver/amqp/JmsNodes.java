package io.mqbench.driver.amqp;

import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsProvider;
import java.util.Map;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JMS mapping ({@code addressing: jms}): a topic is a JMS topic (Qpid asks for a node with the
 * topic capability; Artemis makes it a multicast address on first use), a subscription a JMS 2.0
 * shared subscription, which the broker keeps as one queue whose consumers compete.
 */
final class JmsNodes implements Nodes {
    private static final Logger log = LoggerFactory.getLogger(JmsNodes.class);

    private final AmqpSettings settings;
    private final ConnectionFactory factory;

    JmsNodes(AmqpSettings settings, ConnectionFactory factory) {
        this.settings = settings;
        this.factory = factory;
    }

    @Override
    public void createTopic(String topic) {
        // The broker creates the node when the first link attaches to it (Artemis: auto-create-addresses).
    }

    @Override
    public Destination producerDestination(Session session, String topic) throws JMSException {
        return session.createTopic(topic);
    }

    @Override
    public MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException {
        try {
            return JmsProvider.sharedSubscription(session, topic, subscription, settings);
        } catch (JMSException e) {
            if (String.valueOf(e.getMessage()).contains("does not support shared subscriptions")) {
                JMSException hinted = new JMSException(e.getMessage() + " (RabbitMQ 3.x's AMQP 1.0 plugin has none:"
                        + " set addressing: rabbitmq in the driver file)");
                hinted.initCause(e);
                throw hinted;
            }
            throw e;
        }
    }

    @Override
    public void deleteSubscription(String topic, String subscription) {
        if (!settings.durableSubscriptions) {
            return; // a shared non-durable subscription goes away with its last consumer
        }
        try (Connection connection = JmsProvider.connect(factory, settings)) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.unsubscribe(subscription);
        } catch (JMSException | RuntimeException e) {
            // Still in use (a consumer on another worker) or already gone.
            log.debug("subscription {} not removed: {}", subscription, JmsFailures.describe(e));
        }
    }

    @Override
    public void deleteTopic(String topic) {
        // Nothing to do: the broker removes a node it created on demand once it is unused.
    }

    @Override
    public Map<String, String> describe() {
        return Map.of("addressing", "jms (a topic per benchmark topic, a shared subscription per subscription)");
    }

    @Override
    public void close() {}
}
