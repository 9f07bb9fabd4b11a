package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.driver.api.CopiesPayload;
import io.mqbench.driver.api.SendWindow;
import io.mqbench.driver.api.StampedPayload;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes to one topic on a channel of its own. With publisher confirms, a send completes when
 * the broker confirmed it, and fails on basic.nack, on basic.return (mandatory and unroutable) or
 * when the channel is lost first. Without them, a send completes once the client has written the
 * message to the socket: nothing tells whether the broker took it.
 *
 * <p>A message whose payload has no mqbench stamp ({@link StampedPayload}: in an upstream OMB
 * worker) carries its publish time in epoch milliseconds in header {@value #PUBLISH_MILLIS_HEADER}:
 * AMQP's {@code timestamp} property has one-second resolution, which would make end-to-end latency
 * look like ~500 ms. A stamped payload carries its own send time, so the header is left out: a
 * header table costs the client an encode on every publish and a decode on every delivery.
 *
 * <p>When the channel is lost the producer fails the sends in flight, fails new ones at once
 * (the harness counts them), and reconnects in the background.
 *
 * <p>{@code basicPublish} writes the message's frames to the connection's buffered socket stream
 * before it returns (the client's blocking I/O, which this driver uses: not its NIO mode, which
 * queues frames for another thread), and nothing here keeps the payload for a later resend: the
 * array is free when {@code sendAsync} returns ({@link CopiesPayload}).
 */
final class RabbitMqProducer implements BenchmarkProducer, SendWindow, CopiesPayload {
    private static final Logger log = LoggerFactory.getLogger(RabbitMqProducer.class);

    static final String PUBLISH_MILLIS_HEADER = "mqbench-publish-millis";
    /** The channel's publish sequence number, so a basic.return can be matched to its send. */
    static final String PUBLISH_SEQUENCE_HEADER = "mqbench-publish-seq";

    private final String name;
    private final TopicLayout layout;
    private final Routing routing;
    private final RabbitMqSettings settings;
    private final ConnectionSlot slot;
    private final boolean ownsSlot;
    private final Reconnects reconnects;
    private final AtomicLong returnedWithoutConfirms = new AtomicLong();
    /** The properties of a message that needs no header: immutable, so one instance serves every publish. */
    private final AMQP.BasicProperties withoutHeaders;

    private volatile Link link;
    private volatile String downReason = "not connected yet";
    private volatile long downSince;
    private volatile boolean closed;
    /** Only the harness's one sender thread for this producer touches it. */
    private long messageCounter;

    /** A channel and the confirms of its publishes: replaced together on reconnect. */
    private record Link(Channel channel, ConfirmTracker confirms) {}

    RabbitMqProducer(String name, TopicLayout layout, Routing routing, RabbitMqSettings settings,
                     ConnectionSlot slot, boolean ownsSlot, Reconnects reconnects) {
        this.name = name;
        this.layout = layout;
        this.routing = routing;
        this.settings = settings;
        this.slot = slot;
        this.ownsSlot = ownsSlot;
        this.reconnects = reconnects;
        this.withoutHeaders = new AMQP.BasicProperties.Builder().deliveryMode(deliveryMode()).build();
    }

    /** Opens the channel; the first time, a failure fails producer creation. */
    void start() throws IOException {
        link = openLink();
    }

    /** Room in the confirm window, taken before the send so that the harness counts the wait as publish delay. */
    @Override
    public void awaitRoom() throws InterruptedException {
        Link current = link;
        if (current != null && settings.publisherConfirms) {
            current.confirms().reserve();
        }
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        Link current = link;
        if (current == null) {
            return CompletableFuture.failedFuture(new IOException("not connected to RabbitMQ, reconnecting: "
                    + downReason));
        }
        String exchange = layout.exchange(layout.partitionFor(key, messageCounter++));
        Channel channel = current.channel();
        if (!settings.publisherConfirms) {
            try {
                publish(channel, exchange, -1, payload);
                return CompletableFuture.completedFuture(null);
            } catch (IOException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return current.confirms().publish(channel::getNextPublishSeqNo,
                sequence -> publish(channel, exchange, sequence, payload));
    }

    private void publish(Channel channel, String exchange, long sequence, byte[] payload) throws IOException {
        try {
            channel.basicPublish(exchange, routing.publishRoutingKey(), settings.mandatory,
                    properties(sequence, payload), payload);
        } catch (IOException | RuntimeException e) {
            // One readable line for the result's error counts, not the client's protocol dump.
            throw new IOException("publish failed: " + Failures.describe(e), e);
        }
    }

    private AMQP.BasicProperties properties(long sequence, byte[] payload) {
        boolean stamped = StampedPayload.isStamped(payload);
        boolean withSequence = sequence >= 0 && settings.mandatory;
        if (stamped && !withSequence && !routing.routesByHeader()) {
            return withoutHeaders;
        }
        Map<String, Object> headers = new HashMap<>(4);
        if (!stamped) {
            headers.put(PUBLISH_MILLIS_HEADER, System.currentTimeMillis());
        }
        if (withSequence) {
            headers.put(PUBLISH_SEQUENCE_HEADER, sequence);
        }
        routing.addMessageHeaders(headers);
        return new AMQP.BasicProperties.Builder()
                .deliveryMode(deliveryMode())
                .headers(headers)
                .build();
    }

    private int deliveryMode() {
        return settings.messagePersistence ? 2 : 1;
    }

    private Link openLink() throws IOException {
        Channel channel = slot.newChannel();
        try {
            ConfirmTracker confirms = new ConfirmTracker(settings.maxInflightConfirms);
            if (settings.publisherConfirms) {
                channel.confirmSelect();
                channel.addConfirmListener(confirms::acked, confirms::nacked);
            }
            channel.addReturnListener(returned -> onReturn(confirms, returned));
            Link opened = new Link(channel, confirms);
            channel.addShutdownListener(cause -> onChannelLost(opened, cause));
            return opened;
        } catch (IOException | RuntimeException e) {
            Topology.closeQuietly(channel);
            throw e;
        }
    }

    private void onReturn(ConfirmTracker confirms, Return returned) {
        String reason = returned.getReplyText() + " (" + returned.getReplyCode() + ")";
        if (settings.publisherConfirms) {
            Map<String, Object> headers = returned.getProperties().getHeaders();
            if (headers != null && headers.get(PUBLISH_SEQUENCE_HEADER) instanceof Number sequence) {
                confirms.returned(sequence.longValue(), reason);
            }
        } else if (returnedWithoutConfirms.getAndIncrement() == 0) {
            // The send already completed: without confirms there is no future left to fail.
            log.warn("producer {}: the broker returned a message as unroutable ({}); without publisher confirms"
                    + " such messages still count as sent (the count is logged when the producer closes)", name,
                    reason);
        }
    }

    private void onChannelLost(Link lost, ShutdownSignalException cause) {
        String reason = Failures.describe(cause);
        lost.confirms().closeAll(new IOException("channel lost before the broker confirmed: " + reason));
        synchronized (this) {
            if (closed || link != lost) {
                return;
            }
            link = null;
            downReason = reason;
            downSince = System.nanoTime();
        }
        log.warn("producer {}: channel lost ({}); failing sends and reconnecting every {} ms", name, reason,
                reconnects.intervalMillis());
        reconnects.schedule(this::reconnect);
    }

    private void reconnect() {
        Link opened;
        try {
            opened = openLink();
        } catch (IOException | RuntimeException e) {
            downReason = Failures.describe(e);
            reconnects.schedule(this::reconnect);
            return;
        }
        synchronized (this) {
            if (closed) {
                Topology.closeQuietly(opened.channel());
                return;
            }
            link = opened;
        }
        log.warn("producer {}: reconnected after {} ms", name, (System.nanoTime() - downSince) / 1_000_000);
    }

    @Override
    public void close() {
        Link last;
        synchronized (this) {
            closed = true;
            last = link;
            link = null;
        }
        if (last != null) {
            Topology.closeQuietly(last.channel());
            last.confirms().closeAll(new IOException("producer closed before the broker confirmed"));
        }
        if (ownsSlot) {
            slot.close();
        }
        long returned = returnedWithoutConfirms.get();
        if (returned > 0) {
            log.warn("producer {}: {} message(s) were returned as unroutable but counted as sent (no publisher"
                    + " confirms)", name, returned);
        }
    }
}
