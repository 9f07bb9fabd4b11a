package io.mqbench.driver.jms;

import io.mqbench.driver.api.CopiesPayload;
import io.mqbench.driver.api.SendWindow;
import io.mqbench.driver.support.Closing;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One producer: its own connection and session. A send's future completes when the broker
 * acknowledged the message: in sync mode the send call itself waits for that; in async mode the
 * provider's callback completes it later, with at most {@code maxPendingSends} in flight. The
 * payload is written into the message before {@code sendAsync} returns ({@link CopiesPayload}).
 */
final class JmsProducer implements BenchmarkProducer, SendWindow, CopiesPayload {
    private static final Logger log = LoggerFactory.getLogger(JmsProducer.class);
    /** The JMS property that groups messages (JMS 2.0, section 3.5.9). */
    static final String GROUP_PROPERTY = "JMSXGroupID";

    private final String name;
    private final Connection connection;
    private final Session session;
    private final MessageProducer producer;
    private final boolean async;
    private final boolean groupByKey;
    private final AsyncSend asyncSend;
    /** Sends in flight (async mode); in both modes it also knows whether the connection is down. */
    private final PendingSends pending;

    private JmsProducer(String name, Connection connection, Session session, MessageProducer producer,
                        JmsSettings settings, AsyncSend asyncSend) {
        this.name = name;
        this.connection = connection;
        this.session = session;
        this.producer = producer;
        this.async = settings.asyncSends();
        this.groupByKey = settings.messageGroups;
        this.asyncSend = asyncSend;
        this.pending = PendingSends.of(settings);
    }

    static JmsProducer open(String name, String topic, JmsProvider provider, JmsSettings settings) throws JMSException {
        Connection connection = provider.connect();
        try {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(provider.producerDestination(session, topic));
            producer.setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            // The harness numbers and timestamps every message itself; the broker needs neither.
            producer.setDisableMessageID(true);
            producer.setDisableMessageTimestamp(true);
            JmsProducer created = new JmsProducer(name, connection, session, producer, settings, provider.asyncSend());
            provider.watch(connection, new ProducerEvents(name, created.pending, JMSException::new));
            return created;
        } catch (JMSException | RuntimeException e) {
            Closing.discard(connection, log);
            throw e;
        }
    }

    /** Room among the pending asynchronous sends, taken before the send: the harness counts the wait as publish delay. */
    @Override
    public void awaitRoom() throws InterruptedException {
        if (async) {
            pending.reserve();
        }
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        // A JMS session is single-threaded; the harness sends from one thread, this guards the rest.
        synchronized (this) {
            return pending.send(async, outcome -> {
                BytesMessage message = session.createBytesMessage();
                message.writeBytes(payload);
                PublishTimestamp.stamp(message, payload);
                if (groupByKey && key.isPresent()) {
                    message.setStringProperty(GROUP_PROPERTY, key.get());
                }
                if (outcome != null) {
                    asyncSend.send(producer, message, outcome);
                } else {
                    producer.send(message);
                }
            });
        }
    }

    @Override
    public void close() {
        if (pending.count() > 0) {
            log.debug("producer {}: closing with {} sends unanswered", name, pending.count());
        }
        Closing.discard(connection, log);
        pending.failAll(new JMSException("producer closed before the broker answered"));
    }
}
