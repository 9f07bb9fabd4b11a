package io.mqbench.driver.artemis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.activemq.artemis.api.core.ActiveMQAddressExistsException;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Broker administration over one core-protocol session of the same client library: creating and
 * querying addresses and queues, and management requests (broker version, journal settings,
 * deleting an address). One session, used by one caller at a time.
 */
final class ArtemisAdmin implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ArtemisAdmin.class);
    /** The broker's default management address (broker.xml management-address). */
    static final String MANAGEMENT_ADDRESS = "activemq.management";
    private static final long MANAGEMENT_TIMEOUT_MILLIS = 10_000;
    private static final long CHANNEL_SETTLE_MILLIS = 200;

    private final ClientSessionFactory factory;
    private final ClientSession session;
    private final ClientRequestor requestor;

    ArtemisAdmin(ServerLocator locator, String user, String password) throws Exception {
        factory = locator.createSessionFactory();
        try {
            session = factory.createSession(user, password, false, true, true, false, 0);
            session.start();
            requestor = new ClientRequestor(session, MANAGEMENT_ADDRESS);
        } catch (Exception e) {
            factory.close();
            throw e;
        }
    }

    /** Creates a multicast address (a JMS topic); an address that exists already is fine. */
    synchronized boolean createMulticastAddress(String address) throws ActiveMQException {
        try {
            session.createAddress(SimpleString.of(address), RoutingType.MULTICAST, false);
            return true;
        } catch (ActiveMQAddressExistsException e) {
            return false;
        }
    }

    /** What the broker knows about a queue. */
    record QueueState(boolean exists, long messages, int consumers) {}

    synchronized QueueState queue(String name) throws ActiveMQException {
        ClientSession.QueueQuery query = session.queueQuery(SimpleString.of(name));
        return query.isExists()
                ? new QueueState(true, query.getMessageCount(), query.getConsumerCount())
                : new QueueState(false, 0, 0);
    }

    synchronized void deleteQueue(String name) throws ActiveMQException {
        session.deleteQueue(SimpleString.of(name));
    }

    /** Deletes an address without queues (management operation deleteAddress). */
    void deleteAddress(String name) throws Exception {
        invoke("deleteAddress", name);
    }

    /** Broker facts for the result file; what the broker does not tell is left out. */
    Map<String, String> brokerFacts() {
        Map<String, String> facts = new LinkedHashMap<>();
        attribute("version").ifPresent(v -> {
            facts.put("broker", "ActiveMQ Artemis " + v);
            facts.put("brokerVersion", v);
        });
        attribute("persistenceEnabled").ifPresent(v -> facts.put("brokerPersistenceEnabled", v));
        attribute("journalType").ifPresent(v -> facts.put("brokerJournalType", v));
        attribute("journalSyncNonTransactional").ifPresent(v -> facts.put("brokerJournalSyncNonTransactional", v));
        attribute("journalSyncTransactional").ifPresent(v -> facts.put("brokerJournalSyncTransactional", v));
        attribute("journalBufferTimeout").ifPresent(v -> facts.put("brokerJournalBufferTimeoutNanos", v));
        attribute("globalMaxSize").ifPresent(v -> facts.put("brokerGlobalMaxSizeBytes", v));
        return facts;
    }

    private Optional<String> attribute(String name) {
        try {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putAttribute(request, ResourceNames.BROKER, name);
            return Optional.of(String.valueOf(result(request, "attribute " + name)));
        } catch (Exception e) {
            log.debug("management attribute {} not available: {}", name, e.toString());
            return Optional.empty();
        }
    }

    synchronized boolean addressExists(String address) throws ActiveMQException {
        return session.addressQuery(SimpleString.of(address)).isExists();
    }

    /** A management operation on the broker (ActiveMQServerControl), e.g. deleteAddress. */
    void invoke(String operation, Object... parameters) throws Exception {
        ClientMessage request = session.createMessage(false);
        ManagementHelper.putOperationInvocation(request, ResourceNames.BROKER, operation, parameters);
        result(request, "operation " + operation);
    }

    private synchronized Object result(ClientMessage request, String what) throws Exception {
        ClientMessage reply = requestor.request(request, MANAGEMENT_TIMEOUT_MILLIS);
        if (reply == null) {
            throw new ActiveMQException("no answer to management " + what + " within "
                    + MANAGEMENT_TIMEOUT_MILLIS + " ms");
        }
        if (!ManagementHelper.hasOperationSucceeded(reply)) {
            throw new ActiveMQException("management " + what + " failed: " + ManagementHelper.getResult(reply));
        }
        return ManagementHelper.getResult(reply);
    }

    @Override
    public synchronized void close() {
        try {
            requestor.close();
            session.close();
        } catch (Exception e) {
            log.debug("closing the admin session failed: {}", e.toString());
        }
        factory.close();
        // Netty reports the closed channels on the client's thread pool shortly after close()
        // returned; if the caller shuts that pool down at once (closing the connection factory or
        // locator), Artemis logs a RejectedExecutionException (AMQ214015). Give it a moment.
        try {
            Thread.sleep(CHANNEL_SETTLE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
