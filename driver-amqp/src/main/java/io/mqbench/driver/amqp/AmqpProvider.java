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
 * AMQP 1.0 behind the JMS seam, with Qpid JMS. Topics and subscriptions map onto the broker's
 * nodes as {@code addressing} says ({@link JmsNodes} for Artemis, {@link RabbitMqNodes} for
 * RabbitMQ 3.x). Async sends use JMS 2.0's CompletionListener: Qpid calls it when the broker's
 * disposition for that transfer arrives (at once for a settled transfer).
 */
final class AmqpProvider implements JmsProvider {
    private static final Logger log = LoggerFactory.getLogger(AmqpProvider.class);

    private final AmqpSettings settings;
    private final JmsConnectionFactory factory;
    private final String clientVersion;
    private final Nodes nodes;

    private AmqpProvider(AmqpSettings settings, JmsConnectionFactory factory, String clientVersion, Nodes nodes) {
        this.settings = settings;
        this.factory = factory;
        this.clientVersion = clientVersion;
        this.nodes = nodes;
    }

    /** Builds the connection factory and connects once, so a wrong address or login fails here. */
    static AmqpProvider open(AmqpSettings settings) throws Exception {
        JmsConnectionFactory factory = connectionFactory(settings);
        String clientVersion;
        Connection probe = JmsProvider.connect(factory, settings);
        try {
            probe.start();
            ConnectionMetaData meta = probe.getMetaData();
            clientVersion = meta.getProviderVersion();
        } finally {
            probe.close();
        }
        Nodes nodes = settings.addressingKind() == AmqpSettings.Addressing.RABBITMQ
                ? RabbitMqNodes.open(settings) : new JmsNodes(settings, factory);
        return new AmqpProvider(settings, factory, clientVersion, nodes);
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
    public void createTopic(String topic, int partitions) throws Exception {
        if (partitions > 1) {
            log.debug("AMQP nodes have no partitions: {} partitions of {} map to one topic", partitions, topic);
        }
        nodes.createTopic(topic);
    }

    @Override
    public Destination producerDestination(Session session, String topic) throws JMSException {
        return nodes.producerDestination(session, topic);
    }

    @Override
    public MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException {
        return nodes.subscribe(session, topic, subscription);
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
        nodes.deleteSubscription(topic, subscription);
    }

    @Override
    public void deleteTopic(String topic) {
        nodes.deleteTopic(topic);
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "org.apache.qpid:qpid-jms-client " + clientVersion);
        facts.put("protocol", "AMQP 1.0 (Qpid JMS)");
        facts.put("brokerUrl", settings.brokerUrl);
        facts.putAll(nodes.describe());
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
        // Every JMS connection belongs to a producer or consumer, which closes it; the nodes may have their own.
        nodes.close();
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
