package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Consumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.api.StampedPayload;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one or more queues of a subscription on a channel of its own, with the configured
 * prefetch, and acknowledges every {@code ackEvery} messages with one multiple-ack (after the
 * harness's callback ran: at-least-once). Pausing cancels the basic.consume; resuming starts it
 * again. For streams it remembers the next offset of every queue, so a resume or a reconnect
 * continues where it stopped instead of skipping to "next" or rereading from "first".
 *
 * <p>When the channel is lost it reconnects in the background, declaring its queues again first
 * (a non-durable queue does not survive a broker restart). Messages it had not acknowledged are
 * delivered again by the broker, and the harness counts them as duplicates.
 */
final class RabbitMqConsumer implements BenchmarkConsumer, PausableConsumer {
    private static final Logger log = LoggerFactory.getLogger(RabbitMqConsumer.class);
    private static final String STREAM_OFFSET = "x-stream-offset";

    /** Declares the consumer's queues again before a reconnect. */
    interface Redeclare {
        void run() throws IOException;
    }

    private final String name;
    private final List<String> queues;
    private final RabbitMqSettings settings;
    private final ConsumerCallback callback;
    private final ConnectionSlot slot;
    private final boolean ownsSlot;
    private final Reconnects reconnects;
    private final Redeclare redeclare;
    private final boolean stream;
    private final Map<String, Long> nextStreamOffset = new ConcurrentHashMap<>();

    private Session session;
    private boolean paused;
    private boolean closed;
    private long downSince;

    RabbitMqConsumer(String name, List<String> queues, RabbitMqSettings settings, ConsumerCallback callback,
                     ConnectionSlot slot, boolean ownsSlot, Reconnects reconnects, Redeclare redeclare) {
        this.name = name;
        this.queues = List.copyOf(queues);
        this.settings = settings;
        this.callback = callback;
        this.slot = slot;
        this.ownsSlot = ownsSlot;
        this.reconnects = reconnects;
        this.redeclare = redeclare;
        this.stream = settings.queueKind() == RabbitMqSettings.QueueType.STREAM;
    }

    /** Opens the channel and starts consuming; the first time, a failure fails consumer creation. */
    void start() throws IOException {
        if (!queues.isEmpty()) {
            connect();
        }
    }

    private void connect() throws IOException {
        Channel channel = slot.newChannel();
        try {
            if (settings.prefetch > 0 && !settings.autoAck) {
                channel.basicQos(settings.prefetch);
            }
            Session opened = new Session(channel);
            channel.addShutdownListener(cause -> onChannelLost(opened, cause));
            synchronized (this) {
                if (closed) {
                    Topology.closeQuietly(channel);
                    return;
                }
                session = opened;
                if (!paused) {
                    consumeAll(opened);
                }
            }
        } catch (IOException | RuntimeException e) {
            Topology.closeQuietly(channel);
            throw e;
        }
    }

    private void consumeAll(Session target) throws IOException {
        for (String queue : queues) {
            Map<String, Object> arguments = null;
            if (stream) {
                Long next = nextStreamOffset.get(queue);
                arguments = Map.of(STREAM_OFFSET, next != null ? (Object) next
                        : settings.streamOffsetKind().name().toLowerCase());
            }
            String tag = target.channel.basicConsume(queue, settings.autoAck, "", false, false, arguments,
                    new QueueReader(target, queue));
            target.consumerTags.put(tag, queue);
        }
    }

    @Override
    public synchronized void pause() {
        paused = true;
        if (session == null) {
            return;
        }
        for (String tag : session.consumerTags.keySet()) {
            try {
                session.channel.basicCancel(tag);
            } catch (IOException | RuntimeException e) {
                log.debug("consumer {}: cancel failed: {}", name, e.toString());
            }
        }
        session.consumerTags.clear();
    }

    @Override
    public synchronized void resume() {
        paused = false;
        if (session == null || !session.channel.isOpen()) {
            return;
        }
        try {
            consumeAll(session);
        } catch (IOException | RuntimeException e) {
            // The channel is going away; its shutdown listener reconnects and consumes again.
            log.warn("consumer {}: could not resume: {}", name, Failures.describe(e));
        }
    }

    private void onChannelLost(Session lost, ShutdownSignalException cause) {
        synchronized (this) {
            if (closed || session != lost) {
                return;
            }
            session = null;
            downSince = System.nanoTime();
        }
        log.warn("consumer {}: channel lost ({}); reconnecting every {} ms", name, Failures.describe(cause),
                reconnects.intervalMillis());
        reconnects.schedule(this::reconnect);
    }

    private void reconnect() {
        synchronized (this) {
            if (closed) {
                return;
            }
        }
        try {
            redeclare.run();
            connect();
        } catch (IOException | RuntimeException e) {
            log.debug("consumer {}: reconnect failed: {}", name, Failures.describe(e));
            reconnects.schedule(this::reconnect);
            return;
        }
        log.warn("consumer {}: reconnected after {} ms", name, (System.nanoTime() - downSince) / 1_000_000);
    }

    @Override
    public void close() {
        Session last;
        synchronized (this) {
            closed = true;
            last = session;
            session = null;
        }
        if (last != null) {
            last.acknowledgeRest();
            Topology.closeQuietly(last.channel);
        }
        if (ownsSlot) {
            slot.close();
        }
    }

    private static long publishMillis(AMQP.BasicProperties properties, byte[] body) {
        long stamped = StampedPayload.sendMillis(body);
        if (stamped >= 0) {
            return stamped;
        }
        Map<String, Object> headers = properties.getHeaders();
        if (headers != null && headers.get(RabbitMqProducer.PUBLISH_MILLIS_HEADER) instanceof Number millis) {
            return millis.longValue();
        }
        // A message from another publisher: AMQP's timestamp has whole seconds only.
        return properties.getTimestamp() != null ? properties.getTimestamp().getTime() : System.currentTimeMillis();
    }

    /** One channel's consumption; the client runs its deliveries one at a time, in order. */
    private final class Session {
        final Channel channel;
        final Map<String, String> consumerTags = new ConcurrentHashMap<>();
        private int unacknowledged;
        private volatile long lastDeliveryTag;

        Session(Channel channel) {
            this.channel = channel;
        }

        void delivered(long deliveryTag) throws IOException {
            if (settings.autoAck) {
                return;
            }
            lastDeliveryTag = deliveryTag;
            if (++unacknowledged >= settings.ackEvery) {
                unacknowledged = 0;
                channel.basicAck(deliveryTag, settings.ackEvery > 1);
            }
        }

        /** Acknowledges what the callback already got, so closing does not hand it to others again. */
        void acknowledgeRest() {
            long tag = lastDeliveryTag;
            if (settings.autoAck || tag == 0 || unacknowledged == 0 || !channel.isOpen()) {
                return;
            }
            try {
                channel.basicAck(tag, true);
            } catch (IOException | RuntimeException e) {
                log.debug("consumer {}: final ack failed: {}", name, e.toString());
            }
        }
    }

    /** Receives the deliveries of one queue. */
    private final class QueueReader implements Consumer {
        private final Session session;
        private final String queue;

        QueueReader(Session session, String queue) {
            this.session = session;
            this.queue = queue;
        }

        @Override
        public void handleDelivery(String consumerTag, Envelope envelope, AMQP.BasicProperties properties,
                                   byte[] body) {
            callback.messageReceived(body, publishMillis(properties, body));
            if (stream) {
                Map<String, Object> headers = properties.getHeaders();
                if (headers != null && headers.get(STREAM_OFFSET) instanceof Number offset) {
                    nextStreamOffset.put(queue, offset.longValue() + 1);
                }
            }
            try {
                session.delivered(envelope.getDeliveryTag());
            } catch (IOException | AlreadyClosedException e) {
                // The channel is going away: the broker delivers the unacknowledged messages again,
                // and the shutdown listener reconnects.
                log.debug("consumer {}: ack failed: {}", name, e.toString());
            }
        }

        @Override
        public void handleCancel(String consumerTag) {
            session.consumerTags.remove(consumerTag);
            log.warn("consumer {}: the broker cancelled consumption of queue {} (deleted?)", name, queue);
        }

        @Override
        public void handleConsumeOk(String consumerTag) {}

        @Override
        public void handleCancelOk(String consumerTag) {}

        @Override
        public void handleShutdownSignal(String consumerTag, ShutdownSignalException sig) {}

        @Override
        public void handleRecoverOk(String consumerTag) {}
    }
}
