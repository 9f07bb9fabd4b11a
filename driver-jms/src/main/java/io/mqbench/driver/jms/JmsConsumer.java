package io.mqbench.driver.jms;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.support.BodyBuffer;
import io.mqbench.driver.support.Closing;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer: its own connection and session, a message listener that hands the exact payload
 * bytes (copied into an array it reuses) and the producer's timestamp to the harness, then
 * acknowledges per {@code ackMode}. Pausing stops the connection (JMS's way to halt delivery);
 * resuming starts it again.
 */
final class JmsConsumer implements BenchmarkConsumer, PausableConsumer, MessageListener {
    private static final Logger log = LoggerFactory.getLogger(JmsConsumer.class);

    private final String name;
    private final Connection connection;
    private final Session session;
    private final ConsumerCallback callback;
    private final Acknowledgement acknowledgement;
    private volatile boolean closed;
    private boolean warnedForeign;
    /** The session delivers one message at a time, so one array serves them all. */
    private final BodyBuffer bodies = new BodyBuffer();

    private JmsConsumer(String name, Connection connection, Session session, ConsumerCallback callback,
                        Acknowledgement acknowledgement) {
        this.name = name;
        this.connection = connection;
        this.session = session;
        this.callback = callback;
        this.acknowledgement = acknowledgement;
    }

    static JmsConsumer open(String name, String topic, String subscription, ConsumerCallback callback,
                            JmsProvider provider, JmsSettings settings) throws JMSException {
        Acknowledgement acknowledgement = Acknowledgement.of(settings);
        Connection connection = provider.connect();
        try {
            Session session = connection.createSession(acknowledgement.transacted(), acknowledgement.sessionMode());
            MessageConsumer consumer = provider.subscribe(session, topic, subscription);
            JmsConsumer created = new JmsConsumer(name, connection, session, callback, acknowledgement);
            consumer.setMessageListener(created);
            provider.watch(connection, new ConsumerEvents(name, () -> created.closed));
            connection.start();
            return created;
        } catch (JMSException | RuntimeException e) {
            Closing.discard(connection, log);
            throw e;
        }
    }

    @Override
    public void onMessage(Message message) {
        try {
            byte[] payload = body(message);
            if (payload == null) {
                return;
            }
            callback.messageReceived(bodies.body(), PublishTimestamp.of(message, payload));
            acknowledgement.delivered(session, message);
        } catch (JMSException | RuntimeException e) {
            if (!closed) {
                // Without an acknowledgement the broker delivers the message again.
                log.warn("consumer {}: handling a message failed: {}", name, JmsFailures.describe(e));
            }
        }
    }

    private byte[] body(Message message) throws JMSException {
        if (message instanceof BytesMessage bytes) {
            byte[] payload = bodies.array((int) bytes.getBodyLength());
            bytes.readBytes(payload);
            return payload;
        }
        if (!warnedForeign) {
            warnedForeign = true;
            log.warn("consumer {}: ignoring a {} that this driver did not send", name,
                    message.getClass().getSimpleName());
        }
        acknowledgement.delivered(session, message);
        return null;
    }

    @Override
    public void pause() {
        try {
            connection.stop();
        } catch (JMSException e) {
            log.warn("consumer {}: could not pause: {}", name, JmsFailures.describe(e));
        }
    }

    @Override
    public void resume() {
        try {
            connection.start();
        } catch (JMSException e) {
            log.warn("consumer {}: could not resume: {}", name, JmsFailures.describe(e));
        }
    }

    @Override
    public void close() {
        closed = true;
        Closing.discard(connection, log);
    }
}
