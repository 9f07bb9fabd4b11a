package io.mqbench.driver.artemis.core;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.api.StampedPayload;
import io.mqbench.driver.artemis.ArtemisSettings;
import io.mqbench.driver.jms.ConsumerEvents;
import io.mqbench.driver.jms.JmsFailures;
import io.mqbench.driver.support.BodyBuffer;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import org.apache.activemq.artemis.api.core.ActiveMQBuffer;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.MessageHandler;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer on Artemis' core client: its own connection and session, on the same shared queue
 * a JMS shared subscription of that name uses (so both client APIs see one subscription). The
 * handler hands the body's bytes and the producer's time to the harness, then acknowledges per
 * {@code ackMode}. Pausing stops the session's delivery; resuming starts it again.
 */
public final class CoreConsumer implements BenchmarkConsumer, PausableConsumer, MessageHandler {
    private static final Logger log = LoggerFactory.getLogger(CoreConsumer.class);

    private final String name;
    private final ConsumerCallback callback;
    private final CoreAcks acks;
    private CoreConnection connection;
    private volatile boolean closed;
    /** The session delivers one message at a time, so one array serves them all. */
    private final BodyBuffer bodies = new BodyBuffer();

    private CoreConsumer(String name, ConsumerCallback callback, CoreAcks acks) {
        this.name = name;
        this.callback = callback;
        this.acks = acks;
    }

    /** Connects a consumer of {@code queue}, the subscription's queue on {@code topic}'s address, creating it if needed. */
    public static CoreConsumer open(String name, String topic, String queue, ConsumerCallback callback,
                                    ServerLocator locator, ArtemisSettings settings) throws Exception {
        CoreConsumer created = new CoreConsumer(name, callback, CoreAcks.of(settings, locator.getAckBatchSize()));
        CoreConnection connection = CoreConnection.open(locator, settings, created.acks.autoCommitAcks,
                created.acks.ackBatchSize, new ConsumerEvents(name, () -> created.closed));
        try {
            // A shared queue may already exist (another consumer of the subscription): then it is used as is.
            connection.session.createSharedQueue(QueueConfiguration.of(queue).setAddress(topic)
                    .setRoutingType(RoutingType.MULTICAST).setDurable(settings.durableSubscriptions));
            ClientConsumer consumer = connection.session.createConsumer(queue);
            created.connection = connection;
            consumer.setMessageHandler(created);
            connection.session.start();
            return created;
        } catch (ActiveMQException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    @Override
    public void onMessage(ClientMessage message) {
        try {
            ActiveMQBuffer body = message.getBodyBuffer();
            byte[] payload = bodies.array(body.readableBytes());
            body.readBytes(payload);
            callback.messageReceived(bodies.body(), publishMillis(message, payload));
            acks.delivered(connection.session, message);
        } catch (ActiveMQException | RuntimeException e) {
            if (!closed) {
                // Without an acknowledgement the broker delivers the message again.
                log.warn("consumer {}: handling a message failed: {}", name, JmsFailures.describe(e));
            }
        }
    }

    /** The producer's time: mqbench's stamp in the payload, else the property, else now (a foreign message). */
    private static long publishMillis(ClientMessage message, byte[] payload) {
        long stamped = StampedPayload.sendMillis(payload);
        if (stamped >= 0) {
            return stamped;
        }
        // An absent property reads as an exception here (JMS's rule), not as null.
        return message.containsProperty(CoreProducer.PUBLISH_MILLIS)
                ? message.getLongProperty(CoreProducer.PUBLISH_MILLIS) : System.currentTimeMillis();
    }

    @Override
    public void pause() {
        try {
            connection.session.stop();
        } catch (ActiveMQException e) {
            log.warn("consumer {}: could not pause: {}", name, JmsFailures.describe(e));
        }
    }

    @Override
    public void resume() {
        try {
            connection.session.start();
        } catch (ActiveMQException e) {
            log.warn("consumer {}: could not resume: {}", name, JmsFailures.describe(e));
        }
    }

    @Override
    public void close() {
        closed = true;
        if (connection != null) {
            connection.close();
        }
    }
}
