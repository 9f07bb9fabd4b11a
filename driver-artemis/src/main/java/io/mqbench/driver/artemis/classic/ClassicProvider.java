package io.mqbench.driver.artemis.classic;

import io.mqbench.driver.jms.AsyncSend;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsProvider;
import io.mqbench.driver.jms.JmsSettings;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQConnectionMetaData;
import org.apache.activemq.ActiveMQMessageProducer;
import org.apache.activemq.AsyncCallback;
import org.apache.activemq.command.ActiveMQQueue;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.transport.TransportListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ActiveMQ Classic (5.x) over OpenWire behind the JMS seam. Its 5.x client has neither JMS 2.0
 * shared subscriptions nor CompletionListener, so a topic is the virtual topic
 * {@code VirtualTopic.<topic>} and a subscription is the queue
 * {@code Consumer.<subscription>.VirtualTopic.<topic>}, which the broker fills with a copy of every
 * message (Classic's default virtual-topic interceptor) and whose consumers compete; async sends
 * use the client's own {@link AsyncCallback}.
 */
final class ClassicProvider implements JmsProvider {
    private static final Logger log = LoggerFactory.getLogger(ClassicProvider.class);
    static final String TOPIC_PREFIX = "VirtualTopic.";

    private final ClassicSettings settings;
    private final ActiveMQConnectionFactory factory;
    private final ActiveMQConnection admin;

    private ClassicProvider(ClassicSettings settings, ActiveMQConnectionFactory factory, ActiveMQConnection admin) {
        this.settings = settings;
        this.factory = factory;
        this.admin = admin;
    }

    /** Builds the connection factory and connects once, so a wrong address fails here. */
    static ClassicProvider open(ClassicSettings settings) throws JMSException {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(settings.brokerUrl.trim());
        if (settings.user != null) {
            factory.setUserName(settings.user);
            factory.setPassword(settings.password);
        }
        // sync: every send waits for the broker's receipt, non-persistent ones too (Classic sends
        // those fire-and-forget by default). async: the receipt comes to an AsyncCallback.
        factory.setAlwaysSyncSend(settings.sendModeKind() == JmsSettings.SendMode.SYNC);
        factory.setUseAsyncSend(false);
        // The driver never looks at advisories; watching them costs a consumer per connection.
        factory.setWatchTopicAdvisories(false);
        if (settings.prefetch != null) {
            factory.getPrefetchPolicy().setQueuePrefetch(settings.prefetch);
        }
        ActiveMQConnection admin = (ActiveMQConnection) factory.createConnection();
        try {
            admin.start();
        } catch (JMSException e) {
            admin.close();
            throw e;
        }
        return new ClassicProvider(settings, factory, admin);
    }

    @Override
    public Connection connect() throws JMSException {
        return factory.createConnection();
    }

    @Override
    public void createTopic(String topic, int partitions) {
        // Classic creates destinations on first use; a subscription's queue exists once its consumer does.
        checkName("topic", topic);
    }

    @Override
    public Destination producerDestination(Session session, String topic) throws JMSException {
        return session.createTopic(TOPIC_PREFIX + topic);
    }

    @Override
    public MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException {
        checkName("subscription", subscription);
        return session.createConsumer(session.createQueue(subscriptionQueue(topic, subscription)));
    }

    static String subscriptionQueue(String topic, String subscription) {
        return "Consumer." + subscription + "." + TOPIC_PREFIX + topic;
    }

    /** Virtual-topic names are dot-separated paths: a dot in a name would change which queue matches. */
    private static void checkName(String what, String name) {
        if (name.contains(".") || name.contains("*") || name.contains(">")) {
            throw new IllegalArgumentException(what + " name '" + name + "' contains '.', '*' or '>', which"
                    + " ActiveMQ Classic's virtual topics use as separators and wildcards");
        }
    }

    @Override
    public AsyncSend asyncSend() {
        return (MessageProducer producer, javax.jms.Message message, AsyncSend.Outcome outcome) ->
                ((ActiveMQMessageProducer) producer).send(message, new AsyncCallback() {
                    @Override
                    public void onSuccess() {
                        outcome.acknowledged();
                    }

                    @Override
                    public void onException(JMSException error) {
                        outcome.failed(error);
                    }
                });
    }

    @Override
    public void watch(Connection connection, ConnectionEvents events) throws JMSException {
        connection.setExceptionListener(error -> events.lost(error, false));
        // With a failover: URL the client reconnects by itself and tells its transport listeners.
        ((ActiveMQConnection) connection).addTransportListener(new TransportListener() {
            @Override
            public void onCommand(Object command) {}

            @Override
            public void onException(IOException error) {}

            @Override
            public void transportInterupted() {
                events.lost(new JMSException("transport interrupted"), true);
            }

            @Override
            public void transportResumed() {
                events.restored();
            }
        });
    }

    @Override
    public void deleteSubscription(String topic, String subscription) {
        String queue = subscriptionQueue(topic, subscription);
        try {
            admin.destroyDestination(new ActiveMQQueue(queue));
        } catch (JMSException e) {
            log.warn("could not delete subscription queue {}: {}", queue, JmsFailures.describe(e));
        }
    }

    @Override
    public void deleteTopic(String topic) {
        try {
            admin.destroyDestination(new ActiveMQTopic(TOPIC_PREFIX + topic));
        } catch (JMSException e) {
            log.debug("virtual topic {} not deleted: {}", topic, JmsFailures.describe(e));
        }
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "org.apache.activemq:activemq-client " + ActiveMQConnectionMetaData.PROVIDER_VERSION);
        facts.put("protocol", "OpenWire " + admin.getProtocolVersion() + " (JMS 1.1 client API, virtual topics)");
        facts.put("broker", "ActiveMQ Classic, broker name " + admin.getBrokerName());
        facts.put("brokerUrl", settings.brokerUrl);
        facts.put("prefetch", String.valueOf(factory.getPrefetchPolicy().getQueuePrefetch()));
        facts.put("alwaysSyncSend", String.valueOf(factory.isAlwaysSyncSend()));
        return facts;
    }

    @Override
    public void close() {
        try {
            admin.close();
        } catch (JMSException e) {
            log.debug("closing the admin connection failed: {}", e.toString());
        }
    }
}
