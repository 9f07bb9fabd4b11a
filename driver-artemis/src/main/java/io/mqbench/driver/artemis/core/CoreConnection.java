package io.mqbench.driver.artemis.core;

import io.mqbench.driver.artemis.ArtemisSettings;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.jms.JmsProvider.ConnectionEvents;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.client.SessionFailureListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One TCP connection of the core client and its one session, as a JMS connection is for the JMS
 * path; a break and a reconnection are told to the producer or consumer that owns it, in the
 * same terms as on the JMS path.
 */
final class CoreConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CoreConnection.class);

    final ClientSessionFactory factory;
    final ClientSession session;

    private CoreConnection(ClientSessionFactory factory, ClientSession session) {
        this.factory = factory;
        this.session = session;
    }

    /**
     * Connects and opens the session: sends committed at once, acknowledgements committed at once
     * unless {@code autoCommitAcks} is false, and sent to the broker in batches of {@code
     * ackBatchSize} bytes (0: each at once).
     */
    static CoreConnection open(ServerLocator locator, ArtemisSettings settings, boolean autoCommitAcks,
                               int ackBatchSize, ConnectionEvents events) throws Exception {
        ClientSessionFactory factory = locator.createSessionFactory();
        try {
            ClientSession session = factory.createSession(settings.user, settings.password, false, true,
                    autoCommitAcks, locator.isPreAcknowledge(), ackBatchSize);
            boolean reconnects = locator.getReconnectAttempts() != 0;
            session.addFailureListener(new SessionFailureListener() {
                @Override
                public void beforeReconnect(ActiveMQException cause) {
                    events.lost(cause, reconnects);
                }

                @Override
                public void connectionFailed(ActiveMQException cause, boolean failedOver) {
                    // Called after the reconnection attempts: failedOver says whether one succeeded.
                    if (failedOver) {
                        events.restored();
                    } else {
                        events.lost(cause, false);
                    }
                }

                @Override
                public void connectionFailed(ActiveMQException cause, boolean failedOver, String scaleDownTargetNodeId) {
                    connectionFailed(cause, failedOver);
                }
            });
            return new CoreConnection(factory, session);
        } catch (Exception e) {
            factory.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (ActiveMQException | RuntimeException e) {
            log.debug("closing a core session failed: {}", JmsFailures.describe(e));
        }
        factory.close();
    }
}
