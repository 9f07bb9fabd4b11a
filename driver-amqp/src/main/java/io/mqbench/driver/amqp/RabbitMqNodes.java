package io.mqbench.driver.amqp;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RabbitMQ 3.x mapping ({@code addressing: rabbitmq}), for its {@code rabbitmq_amqp1_0}
 * plugin: a topic is a durable fanout exchange named after it, a subscription a queue
 * {@code <topic>-<subscription>} bound to it, whose consumers compete. Producers attach to
 * {@code /exchange/<topic>}, consumers to {@code /amq/queue/<queue>} (the plugin's addresses). That
 * plugin can publish to an exchange and consume from a queue but cannot bind one (a source
 * {@code /exchange/...} gets a private, temporary queue, which would neither be shared nor keep
 * messages between consumers), so the exchanges, queues and bindings are declared over AMQP
 * 0-9-1, which the same port speaks, on one connection of the driver's own.
 */
final class RabbitMqNodes implements Nodes {
    private static final Logger log = LoggerFactory.getLogger(RabbitMqNodes.class);
    /** The first host and port of an amqp:// or amqps:// URI, failover lists included. */
    private static final Pattern FIRST_BROKER = Pattern.compile("(amqps?)://([^:/?,)\\s]+)(?::(\\d+))?");

    private final AmqpSettings settings;
    private final Connection admin;

    private RabbitMqNodes(AmqpSettings settings, Connection admin) {
        this.settings = settings;
        this.admin = admin;
    }

    /** Connects the declaring connection to the first broker of {@code brokerUrl}. */
    static RabbitMqNodes open(AmqpSettings settings) throws IOException, TimeoutException {
        Matcher broker = FIRST_BROKER.matcher(settings.brokerUrl);
        if (!broker.find()) {
            throw new IllegalArgumentException("brokerUrl '" + settings.brokerUrl + "' names no amqp:// or amqps://"
                    + " host, which addressing: rabbitmq needs to declare queues over AMQP 0-9-1 on the same port");
        }
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(broker.group(2));
        boolean tls = broker.group(1).equals("amqps");
        factory.setPort(broker.group(3) != null ? Integer.parseInt(broker.group(3)) : tls ? 5671 : 5672);
        if (tls) {
            try {
                factory.useSslProtocol(SSLContext.getDefault()); // the JVM's trust store, as Qpid's default
            } catch (NoSuchAlgorithmException e) {
                throw new IOException("no TLS in this JVM: " + e.getMessage(), e);
            }
        }
        if (settings.user != null) {
            factory.setUsername(settings.user);
            factory.setPassword(settings.password);
        }
        return new RabbitMqNodes(settings, factory.newConnection("mqbench-amqp-topology"));
    }

    @Override
    public void createTopic(String topic) throws IOException {
        declare("declare exchange " + topic, channel -> declareExchange(channel, topic));
    }

    @Override
    public Destination producerDestination(Session session, String topic) throws JMSException {
        return session.createQueue("/exchange/" + topic);
    }

    @Override
    public MessageConsumer subscribe(Session session, String topic, String subscription) throws JMSException {
        String queue = queue(topic, subscription);
        try {
            // Idempotent, so every consumer (and every worker) may declare it; the exchange too, for
            // a consumer on a worker that did not create the topic.
            declare("declare queue " + queue + " bound to exchange " + topic, channel -> {
                declareExchange(channel, topic);
                // Durable subscriptions: a durable queue; otherwise one the broker deletes with its last consumer.
                boolean durable = settings.durableSubscriptions;
                channel.queueDeclare(queue, durable, false, !durable, null);
                channel.queueBind(queue, topic, "");
            });
        } catch (IOException e) {
            JMSException failed = new JMSException(e.getMessage());
            failed.initCause(e);
            throw failed;
        }
        return session.createConsumer(session.createQueue("/amq/queue/" + queue));
    }

    /** Only a queue without consumers: one still consumed by another worker of the run stays. */
    @Override
    public void deleteSubscription(String topic, String subscription) {
        String queue = queue(topic, subscription);
        try {
            declare("delete queue " + queue, channel -> channel.queueDelete(queue, true, false));
        } catch (IOException e) {
            log.debug("{}", e.getMessage());
        }
    }

    /** Only an exchange without bindings: another worker's subscription may still be bound to it. */
    @Override
    public void deleteTopic(String topic) {
        try {
            declare("delete exchange " + topic, channel -> channel.exchangeDelete(topic, true));
        } catch (IOException e) {
            log.debug("{}", e.getMessage());
        }
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("addressing", "rabbitmq (a fanout exchange per topic, a queue <topic>-<subscription> per"
                + " subscription, declared over AMQP 0-9-1; links to /exchange/<topic> and /amq/queue/<queue>)");
        facts.put("brokerVersion", String.valueOf(admin.getServerProperties().get("version")));
        return facts;
    }

    @Override
    public void close() {
        try {
            admin.close();
        } catch (IOException | RuntimeException e) {
            log.debug("closing the topology connection failed: {}", e.toString());
        }
    }

    /** A topic's exchange: durable, so that producers find it again after a broker restart. */
    private static void declareExchange(Channel channel, String topic) throws IOException {
        channel.exchangeDeclare(topic, "fanout", true, false, null);
    }

    static String queue(String topic, String subscription) {
        return topic + "-" + subscription;
    }

    /** One declaration on a channel of its own: a refusal closes that channel, not the connection. */
    private void declare(String what, ChannelWork work) throws IOException {
        try (Channel channel = admin.createChannel()) {
            work.run(channel);
        } catch (IOException | TimeoutException | RuntimeException e) {
            Throwable reason = e.getCause() != null && e.getMessage() == null ? e.getCause() : e;
            throw new IOException("RabbitMQ did not " + what + ": " + reason.getMessage(), e);
        }
    }

    private interface ChannelWork {
        void run(Channel channel) throws IOException;
    }
}
