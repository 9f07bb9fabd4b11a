package io.mqbench.driver.amqp;

import io.mqbench.driver.jms.AsyncSend;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsProvider;
import io.mqbench.driver.jms.JmsSettings;
import io.mqbench.driver.support.ClientLibraryConflict;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.jms.Connection;
import javax.jms.ConnectionMetaData;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import org.apache.qpid.jms.JmsConnection;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.JmsConnectionListener;
import org.apache.qpid.jms.message.JmsInboundMessageDispatch;
import org.apache.qpid.jms.policy.JmsDefaultPrefetchPolicy;
import org.apache.qpid.jms.policy.JmsDefaultPresettlePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AMQP 1.0 behind the JMS seam, with Qpid JMS: a topic is a JMS topic (Qpid asks the broker for a
 * node with the topic capability; Artemis makes it a multicast address on first use), a
 * subscription a JMS 2.0 shared subscription, which the broker keeps as one queue whose
 * consumers compete. Async sends use JMS 2.0's CompletionListener: Qpid calls it when the
 * broker's disposition for that transfer arrives (at once for a settled transfer).
 */
final class AmqpProvider implements JmsProvider {
    private static final Logger log = LoggerFactory.getLogger(AmqpProvider.class);

    private final AmqpSettings settings;
    private final JmsConnectionFactory factory;
    private final String clientVersion;

    private AmqpProvider(AmqpSettings settings, JmsConnectionFactory factory, String clientVersion) {
        this.settings = settings;
        this.factory = factory;
        this.clientVersion = clientVersion;
    }

    /** Builds the connection factory and connects once, so a wrong address or login fails here. */
    static AmqpProvider open(AmqpSettings settings) throws JMSException {
        JmsConnectionFactory factory = connectionFactory(settings);
        Connection probe = JmsProvider.connect(factory, settings);
        try {
            probe.start();
            ConnectionMetaData meta = probe.getMetaData();
            return new AmqpProvider(settings, factory, meta.getProviderVersion());
        } finally {
            probe.close();
        }
    }

    static JmsConnectionFactory connectionFactory(AmqpSettings settings) {
        JmsConnectionFactory factory;
        try {
            factory = new JmsConnectionFactory(settings.brokerUrl.trim());
        } catch (RuntimeException | LinkageError e) {
            ClientLibraryConflict.findIn(e).ifPresent(conflict -> {
                throw new IllegalStateException(ClientLibraryConflict.describe(conflict), conflict);
            });
            throw new IllegalArgumentException("brokerUrl '" + settings.brokerUrl + "' is not a Qpid JMS URI ("
                    + JmsFailures.describe(e) + "); e.g. amqp://127.0.0.1:61616", e);
        }
        // sync: every send waits for the broker's disposition, persistent or not (Qpid's default
        // waits for persistent messages only).
        factory.setForceSyncSend(settings.sendModeKind() == JmsSettings.SendMode.SYNC);
        if (settings.prefetch != null) {
            ((JmsDefaultPrefetchPolicy) factory.getPrefetchPolicy()).setAll(settings.prefetch);
        }
        JmsDefaultPresettlePolicy presettle = (JmsDefaultPresettlePolicy) factory.getPresettlePolicy();
        presettle.setPresettleProducers(settings.settledSends);
        presettle.setPresettleConsumers(settings.settledDeliveries);
        return factory;
    }

    @Override
    public Connection connect() throws JMSException {
        return JmsProvider.connect(factory, settings);
    }

    @Override
    public void createTopic(String topic, int partitions) {
        // The broker creates the node when the first link attaches to it (Artemis: auto-create-addresses).
        if (partitions > 1) {
            log.debug("AMQP nodes have no partitions: {} partitions of {} map to one topic", partitions, topic);
        }
    }

    @Override
    public Destination producerDestination(Session session, String topic) throws JMSException {
        return session.createTopic(topic);
    }

    @Override
    public MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException {
        return JmsProvider.sharedSubscription(session, topic, subscription, settings);
    }

    @Override
    public AsyncSend asyncSend() {
        return AsyncSend.COMPLETION_LISTENER;
    }

    @Override
    public void watch(Connection connection, ConnectionEvents events) throws JMSException {
        connection.setExceptionListener(error -> events.lost(error, false));
        if (connection instanceof JmsConnection qpid) {
            // With a failover: URI Qpid reconnects by itself and says so here; sends in flight are in doubt.
            qpid.addConnectionListener(new Reconnections(events));
        }
    }

    @Override
    public void deleteSubscription(String topic, String subscription) {
        if (!settings.durableSubscriptions) {
            return; // a shared non-durable subscription goes away with its last consumer
        }
        try (Connection connection = connect()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.unsubscribe(subscription);
        } catch (JMSException | RuntimeException e) {
            // Still in use (a consumer on another worker) or already gone.
            log.debug("subscription {} not removed: {}", subscription, JmsFailures.describe(e));
        }
    }

    @Override
    public void deleteTopic(String topic) {
        // Nothing to do over AMQP: the broker removes a node it created on demand once it is unused.
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "org.apache.qpid:qpid-jms-client " + clientVersion);
        facts.put("protocol", "AMQP 1.0 (Qpid JMS)");
        facts.put("brokerUrl", settings.brokerUrl);
        facts.put("prefetch", String.valueOf(((JmsDefaultPrefetchPolicy) factory.getPrefetchPolicy())
                .getDurableTopicPrefetch()));
        facts.put("settledSends", settings.settledSends
                ? "yes (the broker does not answer; a send is done when written)" : "no (the broker's disposition completes a send)");
        facts.put("settledDeliveries", settings.settledDeliveries
                ? "yes (at most once: nothing acknowledged)" : "no (each delivery acknowledged per ackMode)");
        return facts;
    }

    @Override
    public void close() {
        // Every connection belongs to a producer or consumer, which closes it.
    }

    /** Qpid's failover transport reports interruptions and restorations; nothing else is needed here. */
    private record Reconnections(ConnectionEvents events) implements JmsConnectionListener {
        @Override
        public void onConnectionInterrupted(URI remote) {
            events.lost(new JMSException("connection to " + remote + " interrupted"), true);
        }

        @Override
        public void onConnectionRestored(URI remote) {
            events.restored();
        }

        @Override
        public void onConnectionEstablished(URI remote) {}

        @Override
        public void onConnectionFailure(Throwable error) {}

        @Override
        public void onInboundMessage(JmsInboundMessageDispatch envelope) {}

        @Override
        public void onSessionClosed(Session session, Throwable cause) {}

        @Override
        public void onConsumerClosed(MessageConsumer consumer, Throwable cause) {}

        @Override
        public void onProducerClosed(MessageProducer producer, Throwable cause) {}
    }
}
