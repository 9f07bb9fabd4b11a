package io.mqbench.driver.artemis.core;

import io.mqbench.driver.api.CopiesPayload;
import io.mqbench.driver.api.SendWindow;
import io.mqbench.driver.api.StampedPayload;
import io.mqbench.driver.artemis.ArtemisSettings;
import io.mqbench.driver.jms.AsyncSend;
import io.mqbench.driver.jms.PendingSends;
import io.mqbench.driver.jms.ProducerEvents;
import io.mqbench.driver.jms.PublishTimestamp;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.SendAcknowledgementHandler;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One producer on Artemis' core client: its own connection and session, a core message per send
 * (the payload as its body, nothing else unless the payload lacks mqbench's stamp). Sync sends
 * return when the broker answered (the locator blocks on every send); async sends complete when
 * the broker's answer arrives, with at most {@code maxPendingSends} in flight, as on the JMS path.
 * The payload is written into the message before {@code sendAsync} returns ({@link CopiesPayload}).
 */
public final class CoreProducer implements BenchmarkProducer, SendWindow, CopiesPayload {
    private static final Logger log = LoggerFactory.getLogger(CoreProducer.class);
    static final SimpleString PUBLISH_MILLIS = SimpleString.of(PublishTimestamp.PROPERTY);

    private final String name;
    private final CoreConnection connection;
    private final ClientProducer producer;
    private final boolean durable;
    private final boolean async;
    private final boolean groupByKey;
    private final PendingSends pending;

    private CoreProducer(String name, CoreConnection connection, ClientProducer producer, ArtemisSettings settings,
                         PendingSends pending) {
        this.name = name;
        this.connection = connection;
        this.producer = producer;
        this.durable = settings.persistent();
        this.async = settings.asyncSends();
        this.groupByKey = settings.messageGroups;
        this.pending = pending;
    }

    /** Connects a producer of {@code topic}'s address. */
    public static CoreProducer open(String name, String topic, ServerLocator locator, ArtemisSettings settings)
            throws Exception {
        PendingSends pending = PendingSends.of(settings);
        CoreConnection connection = CoreConnection.open(locator, settings, true, 0,
                new ProducerEvents(name, pending, ActiveMQException::new));
        try {
            return new CoreProducer(name, connection, connection.session.createProducer(topic), settings, pending);
        } catch (ActiveMQException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    @Override
    public void awaitRoom() throws InterruptedException {
        if (async) {
            pending.reserve();
        }
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        // A core session is single-threaded; the harness sends from one thread, this guards the rest.
        synchronized (this) {
            return pending.send(async, outcome -> {
                // A bytes message, as a JMS BytesMessage is: a JMS consumer of the subscription reads it too.
                ClientMessage message = connection.session.createMessage(Message.BYTES_TYPE, durable);
                message.getBodyBuffer().writeBytes(payload);
                if (!StampedPayload.isStamped(payload)) {
                    message.putLongProperty(PUBLISH_MILLIS, System.currentTimeMillis());
                }
                if (groupByKey && key.isPresent()) {
                    message.putStringProperty(Message.HDR_GROUP_ID, SimpleString.of(key.get()));
                }
                if (outcome != null) {
                    producer.send(message, new Answer(outcome));
                } else {
                    producer.send(message);
                }
            });
        }
    }

    /** The broker's answer to one async send (the client calls it on its own thread). */
    private record Answer(AsyncSend.Outcome outcome) implements SendAcknowledgementHandler {
        @Override
        public void sendAcknowledged(Message message) {
            outcome.acknowledged();
        }

        @Override
        public void sendFailed(Message message, Exception error) {
            outcome.failed(error);
        }
    }

    @Override
    public void close() {
        if (pending.count() > 0) {
            log.debug("producer {}: closing with {} sends unanswered", name, pending.count());
        }
        connection.close();
        pending.failAll(new ActiveMQException("producer closed before the broker answered"));
    }
}
