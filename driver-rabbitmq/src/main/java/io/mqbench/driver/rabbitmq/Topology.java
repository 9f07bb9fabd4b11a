package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.Channel;
import io.mqbench.driver.rabbitmq.RabbitMqSettings.QueueMode;
import io.mqbench.driver.rabbitmq.RabbitMqSettings.QueueType;
import io.mqbench.driver.support.Closing;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Declares what topics and subscriptions map to (exchanges, queues, bindings; see {@link
 * TopicLayout}), remembers it so it can be deleted when the driver closes, and finds the layout of
 * a topic another worker created. Declarations are idempotent, so every worker and every reconnect
 * may repeat them; each runs on a short-lived channel of the driver's own connection, so a refused
 * declaration (the broker closes the channel) surfaces as one clear error.
 */
final class Topology {
    private static final Logger log = LoggerFactory.getLogger(Topology.class);

    private final RabbitMqSettings settings;
    private final Routing routing;
    private final ConnectionSlot admin;
    private final Map<String, TopicLayout> topics = new ConcurrentHashMap<>();
    private final Set<String> declaredExchanges = Collections.newSetFromMap(new ConcurrentHashMap<>());
    private final Set<String> declaredQueues = Collections.newSetFromMap(new ConcurrentHashMap<>());

    Topology(RabbitMqSettings settings, Routing routing, ConnectionSlot admin) {
        this.settings = settings;
        this.routing = routing;
        this.admin = admin;
    }

    /** Declares the topic's exchange(s). */
    TopicLayout declareTopic(String topic, int partitions) throws IOException {
        TopicLayout layout = new TopicLayout(topic, partitions);
        withChannel("declare the exchanges of topic " + topic, channel -> declareExchanges(channel, layout));
        topics.put(topic, layout);
        return layout;
    }

    /**
     * The layout of a topic: the one declared here, or else the one found on the broker (exchange
     * {@code <topic>}, or {@code <topic>-p0}, {@code -p1}, ...), for a topic another worker created.
     */
    TopicLayout layout(String topic) throws IOException {
        TopicLayout known = topics.get(topic);
        if (known != null) {
            return known;
        }
        if (exchangeExists(topic)) {
            return topics.computeIfAbsent(topic, t -> new TopicLayout(t, 1));
        }
        int partitions = 0;
        while (exchangeExists(topic + "-p" + partitions)) {
            partitions++;
        }
        if (partitions == 0) {
            throw new IOException("topic " + topic + " does not exist on the broker (no exchange '" + topic
                    + "' nor '" + topic + "-p0'): create the topic first");
        }
        int found = partitions;
        return topics.computeIfAbsent(topic, t -> new TopicLayout(t, found));
    }

    /** Declares the subscription's queue for every partition and binds each to its exchange. */
    List<String> declareSubscription(TopicLayout layout, String subscription) throws IOException {
        List<String> queues = layout.queues(subscription);
        withChannel("declare the queues of subscription " + subscription, channel -> {
            declareExchanges(channel, layout);
            Map<String, Object> arguments = queueArguments();
            for (int p = 0; p < layout.partitions(); p++) {
                String queue = queues.get(p);
                channel.queueDeclare(queue, settings.queueDurable, false, false, arguments);
                declaredQueues.add(queue);
                channel.queueBind(queue, layout.exchange(p), routing.queueBindingKey(), routing.bindingArguments());
            }
        });
        return queues;
    }

    /** The x-arguments every queue is declared with. */
    Map<String, Object> queueArguments() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        if (settings.queueKind() != QueueType.CLASSIC) {
            arguments.put("x-queue-type", settings.queueKind().name().toLowerCase());
        }
        if (settings.queueModeKind() == QueueMode.LAZY) {
            arguments.put("x-queue-mode", "lazy");
        }
        arguments.putAll(settings.queueArguments);
        return arguments;
    }

    /** Deletes every queue and exchange this driver declared; failures are logged, not thrown. */
    void deleteDeclared() {
        List<String> queues = new ArrayList<>(declaredQueues);
        List<String> exchanges = new ArrayList<>(declaredExchanges);
        if (queues.isEmpty() && exchanges.isEmpty()) {
            return;
        }
        try {
            withChannel("delete the benchmark's queues and exchanges", channel -> {
                for (String queue : queues) {
                    channel.queueDelete(queue);
                    declaredQueues.remove(queue);
                }
                for (String exchange : exchanges) {
                    channel.exchangeDelete(exchange);
                    declaredExchanges.remove(exchange);
                }
            });
        } catch (IOException e) {
            log.warn("{} queue(s) and {} exchange(s) may be left on the broker: {}", declaredQueues.size(),
                    declaredExchanges.size(), e.getMessage());
        }
    }

    private void declareExchanges(Channel channel, TopicLayout layout) throws IOException {
        for (String exchange : layout.exchanges()) {
            // Durable, so that after a broker restart producers find their exchange again.
            channel.exchangeDeclare(exchange, routing.exchangeType(), true, false, null);
            declaredExchanges.add(exchange);
        }
    }

    private boolean exchangeExists(String exchange) throws IOException {
        Channel channel = admin.newChannel();
        try {
            channel.exchangeDeclarePassive(exchange);
            return true;
        } catch (IOException e) {
            // A passive declare of a missing exchange closes the channel with 404 NOT_FOUND.
            if (Failures.describe(e).startsWith("NOT_FOUND")) {
                return false;
            }
            throw e;
        } finally {
            closeQuietly(channel);
        }
    }

    private interface ChannelWork {
        void run(Channel channel) throws IOException;
    }

    private void withChannel(String what, ChannelWork work) throws IOException {
        Channel channel = admin.newChannel();
        try {
            work.run(channel);
        } catch (IOException | RuntimeException e) {
            throw new IOException("could not " + what + ": " + Failures.describe(e), e);
        } finally {
            closeQuietly(channel);
        }
    }

    /** A channel the broker may already have closed (an error closes it): closed if still open, a failure at debug. */
    static void closeQuietly(Channel channel) {
        if (channel != null && channel.isOpen()) {
            Closing.discard(channel, log);
        }
    }
}
