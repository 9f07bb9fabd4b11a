package io.mqbench.driver.amqp;

import io.mqbench.driver.jms.JmsSettings;
import io.mqbench.driver.support.Choices;
import java.util.regex.Pattern;

/**
 * The AMQP 1.0 driver's YAML file: the common JMS settings plus the connection URI and AMQP's own
 * knobs, the credit window and settled transfers. Unknown fields are rejected; every check names
 * the field and what it accepts. See driver-amqp/README.md for what each costs.
 */
public final class AmqpSettings extends JmsSettings {
    private static final Pattern SECRET_PARAMETER = Pattern.compile("(?i)[?&]\\s*jms\\.password\\s*=");

    /** Qpid JMS connection URI: amqp://host:port[?options], amqps://..., or failover:(amqp://a,amqp://b). */
    public String brokerUrl = "amqp://127.0.0.1:61616";

    /** Link credit per consumer: messages the broker may send ahead of the listener (Qpid JMS default 1000). */
    public Integer prefetch;

    /** Producers send settled (pre-settled) transfers: the broker never answers, a send is done when written. */
    public boolean settledSends = false;

    /** Consumers ask for settled deliveries: the broker forgets a message once sent, no acknowledgement. */
    public boolean settledDeliveries = false;

    /**
     * How topics and subscriptions map onto the broker's nodes: {@code jms} (JMS topics and shared
     * subscriptions: Artemis, ActiveMQ Classic, Qpid's brokers) or {@code rabbitmq} (RabbitMQ 3.x's
     * AMQP 1.0 plugin: a fanout exchange per topic and a queue per subscription, declared over AMQP
     * 0-9-1 on the same port, as that plugin has no way to bind a queue).
     */
    public String addressing = "jms";

    public enum Addressing { JMS, RABBITMQ }

    private Addressing parsedAddressing;

    @Override
    public void validate() {
        super.validate();
        if (brokerUrl == null || brokerUrl.isBlank()) {
            throw new IllegalArgumentException("brokerUrl is empty; give an AMQP URI such as amqp://127.0.0.1:61616");
        }
        if (SECRET_PARAMETER.matcher(brokerUrl).find()) {
            throw new IllegalArgumentException("brokerUrl carries jms.password; put it in the password field instead"
                    + " (results redact that field, not URI options)");
        }
        if (prefetch != null) {
            Choices.atLeast("prefetch", prefetch, 0);
        }
        if (settledSends && sendModeKind() == SendMode.SYNC) {
            throw new IllegalArgumentException("settledSends: true with sendMode: sync: a settled transfer has no"
                    + " answer to wait for; use sendMode: async (the send completes when written)");
        }
        parsedAddressing = Choices.choice("addressing", addressing, Addressing.class);
        if (parsedAddressing == Addressing.RABBITMQ && messageGroups) {
            throw new IllegalArgumentException("messageGroups: true with addressing: rabbitmq: RabbitMQ has no"
                    + " message groups (JMSXGroupID); remove messageGroups or use a JMS broker");
        }
        if (settledDeliveries && ackModeKind() != AckMode.AUTO) {
            throw new IllegalArgumentException("settledDeliveries: true with ackMode " + ackMode + ": settled"
                    + " deliveries are never acknowledged; use ackMode: auto");
        }
    }

    public Addressing addressingKind() {
        return parsedAddressing;
    }
}
