package io.mqbench.driver.artemis;

import io.mqbench.driver.jms.AsyncSend;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsProvider;
import io.mqbench.driver.jms.JmsSettings;
import io.mqbench.driver.support.ClientLibraryConflict;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.FailoverEventType;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.jms.client.ActiveMQConnection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQDestination;
import org.apache.activemq.artemis.utils.VersionLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ActiveMQ Artemis behind the JMS seam: a topic is a multicast address, a subscription a JMS 2.0
 * shared (durable or non-durable) subscription, which Artemis keeps as one queue on that address
 * whose consumers compete for its messages. Async sends use JMS 2.0's CompletionListener, which
 * Artemis calls when the broker's answer to that message arrives.
 */
final class ArtemisProvider implements JmsProvider {
    private static final Logger log = LoggerFactory.getLogger(ArtemisProvider.class);
    /** The URL parameter that bounds the client's own thread pool, wherever it stands in the URL. */
    private static final Pattern THREAD_POOL_MAX_SIZE = Pattern.compile("[?&]\\s*threadPoolMaxSize\\s*=");

    private final ArtemisSettings settings;
    private final ActiveMQConnectionFactory factory;
    private final ArtemisAdmin admin;
    private final AtomicBoolean partitionsNoted = new AtomicBoolean();

    private ArtemisProvider(ArtemisSettings settings, ActiveMQConnectionFactory factory, ArtemisAdmin admin) {
        this.settings = settings;
        this.factory = factory;
        this.admin = admin;
    }

    /** Builds the connection factory and connects the admin session, so a wrong address fails here. */
    static ArtemisProvider open(ArtemisSettings settings) throws Exception {
        ActiveMQConnectionFactory factory = connectionFactory(settings);
        try {
            ArtemisAdmin admin = new ArtemisAdmin(factory.getServerLocator(), settings.user, settings.password);
            return new ArtemisProvider(settings, factory, admin);
        } catch (Exception e) {
            factory.close();
            throw e;
        }
    }

    static ActiveMQConnectionFactory connectionFactory(ArtemisSettings settings) {
        ActiveMQConnectionFactory factory;
        try {
            factory = new ActiveMQConnectionFactory(settings.brokerAddress.trim());
        } catch (RuntimeException | LinkageError e) {
            // An older artemis-core-client first on the classpath fails in here too: not the URL's fault.
            ClientLibraryConflict.findIn(e).ifPresent(conflict -> {
                throw new IllegalStateException(ClientLibraryConflict.describe(conflict), conflict);
            });
            throw new IllegalArgumentException("brokerAddress '" + settings.brokerAddress + "' is not an Artemis"
                    + " URL (" + JmsFailures.describe(e) + "); e.g. tcp://127.0.0.1:61616", e);
        }
        boolean sync = settings.sendModeKind() == JmsSettings.SendMode.SYNC;
        // sync: every send, durable or not, is a round trip that returns when the broker answered.
        factory.setBlockOnDurableSend(sync);
        factory.setBlockOnNonDurableSend(sync);
        if (settings.confirmationWindowSize != null) {
            factory.setConfirmationWindowSize(settings.confirmationWindowSize);
        }
        if (settings.producerWindowSize != null) {
            factory.setProducerWindowSize(settings.producerWindowSize);
        }
        if (settings.consumerWindowSize != null) {
            factory.setConsumerWindowSize(settings.consumerWindowSize);
        }
        // Own thread pools, shut down with the factory: close() leaves no client threads behind.
        factory.setUseGlobalPools(false);
        // An own pool is unbounded by default: it starts a thread whenever none is idle, and at full
        // speed on one core that is dozens of threads, each woken for a few messages (30 against
        // 25 us of client CPU a message, driver-artemis/README.md). Bound it as Artemis bounds its
        // global pool (8 threads per core), the pool of `artemis perf client` and upstream's driver.
        if (!THREAD_POOL_MAX_SIZE.matcher(settings.brokerAddress).find()) {
            factory.setThreadPoolMaxSize(ActiveMQClient.getGlobalThreadPoolSize());
        }
        return factory;
    }

    @Override
    public Connection connect() throws JMSException {
        return JmsProvider.connect(factory, settings);
    }

    @Override
    public void createTopic(String topic, int partitions) throws Exception {
        if (partitions > 1 && partitionsNoted.compareAndSet(false, true)) {
            log.info("Artemis addresses have no partitions: {} partitions per topic map to one multicast address"
                    + " (set messageGroups: true to keep each key with one consumer)", partitions);
        }
        admin.createMulticastAddress(topic);
    }

    @Override
    public Destination producerDestination(Session session, String topic) throws JMSException {
        return session.createTopic(topic);
    }

    @Override
    public MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException {
        return JmsProvider.sharedSubscription(session, topic, subscription, settings);
    }

    /** The client's locator, configured from the settings: the core client API's producers and consumers connect with it. */
    ServerLocator serverLocator() {
        return factory.getServerLocator();
    }

    /** The queue Artemis keeps for a shared subscription (no client id: the name alone identifies it). */
    String subscriptionQueue(String subscription) {
        return ActiveMQDestination.createQueueNameForSubscription(settings.durableSubscriptions, null, subscription)
                .toString();
    }

    @Override
    public AsyncSend asyncSend() {
        return AsyncSend.COMPLETION_LISTENER;
    }

    @Override
    public void watch(Connection connection, ConnectionEvents events) throws JMSException {
        connection.setExceptionListener(error -> {
            // Artemis also calls the exception listener after a successful reconnection, with
            // error code FAILOVER; the connection works then (the failover listener reported it).
            if (!ActiveMQConnection.EXCEPTION_FAILOVER.equals(error.getErrorCode())) {
                events.lost(error, false);
            }
        });
        if (connection instanceof ActiveMQConnection artemis && factory.getReconnectAttempts() != 0) {
            // With reconnectAttempts in the URL the client reconnects by itself (and calls the
            // exception listener only when it gives up); sends in flight meanwhile are in doubt.
            artemis.setFailoverListener(event -> {
                if (event == FailoverEventType.FAILURE_DETECTED) {
                    events.lost(new JMSException("connection failure detected"), true);
                } else if (event == FailoverEventType.FAILOVER_COMPLETED) {
                    events.restored();
                }
            });
        }
    }

    @Override
    public void deleteSubscription(String topic, String subscription) {
        String queue = subscriptionQueue(subscription);
        try {
            ArtemisAdmin.QueueState state = admin.queue(queue);
            if (!state.exists()) {
                return;
            }
            if (state.consumers() > 0) {
                log.debug("subscription {} still has {} consumers (on another worker?); left in place", subscription,
                        state.consumers());
                return;
            }
            admin.deleteQueue(queue);
        } catch (Exception e) {
            log.warn("could not delete subscription queue {}: {}", queue, JmsFailures.describe(e));
        }
    }

    @Override
    public void deleteTopic(String topic) {
        try {
            admin.deleteAddress(topic);
        } catch (Exception e) {
            // Another worker's subscriptions may still be bound to it.
            log.debug("address {} not deleted: {}", topic, JmsFailures.describe(e));
        }
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        boolean core = settings.clientApiKind() == ArtemisSettings.ClientApi.CORE;
        facts.put("clientLibrary", "org.apache.activemq:" + (core ? "artemis-core-client " : "artemis-jms-client ")
                + VersionLoader.getVersion().getFullVersion());
        facts.put("protocol", core ? "Artemis CORE (core client API)" : "Artemis CORE (JMS 2.0)");
        facts.putAll(admin.brokerFacts());
        facts.put("brokerAddress", settings.brokerAddress);
        facts.put("confirmationWindowSize", String.valueOf(factory.getConfirmationWindowSize()));
        facts.put("producerWindowSize", String.valueOf(factory.getProducerWindowSize()));
        facts.put("consumerWindowSize", String.valueOf(factory.getConsumerWindowSize()));
        facts.put("blockOnDurableSend", String.valueOf(factory.isBlockOnDurableSend()));
        facts.put("blockOnNonDurableSend", String.valueOf(factory.isBlockOnNonDurableSend()));
        facts.put("minLargeMessageSize", String.valueOf(factory.getMinLargeMessageSize()));
        facts.put("threadPoolMaxSize", String.valueOf(factory.getThreadPoolMaxSize()));
        return facts;
    }

    @Override
    public void close() {
        admin.close();
        factory.close();
    }
}
