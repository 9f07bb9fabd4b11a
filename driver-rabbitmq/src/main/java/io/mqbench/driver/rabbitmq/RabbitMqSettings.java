package io.mqbench.driver.rabbitmq;

import static io.mqbench.driver.support.Choices.atLeast;
import static io.mqbench.driver.support.Choices.choice;

import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The RabbitMQ driver's YAML file. Every field of upstream OMB's RabbitMQ driver is here with the
 * same meaning, so its {@code rabbitmq.yaml} loads once {@code driverClass} points at this driver.
 * Unknown fields are rejected and every check names the field and what it accepts. See
 * driver-rabbitmq/README.md for what each setting costs.
 */
public final class RabbitMqSettings {
    public String name;
    public String driverClass;

    /** Broker addresses; connections are spread over them round-robin. */
    public List<String> amqpUris = new ArrayList<>(List.of("amqp://localhost"));

    /** classic, quorum or stream (any case: OMB writes CLASSIC, QUORUM, STREAM). */
    public String queueType = "classic";

    /** default or lazy: RabbitMQ 3.x classic queues can keep messages on disk only (x-queue-mode). */
    public String queueMode = "default";

    /** Durable queues survive a broker restart; quorum queues and streams are always durable. */
    public boolean queueDurable = true;

    /** Extra x-arguments for every queue, e.g. x-max-length: 10000. */
    public Map<String, Object> queueArguments = new LinkedHashMap<>();

    /** Delivery mode 2 (written to disk by durable queues) instead of 1. */
    public boolean messagePersistence = false;

    /** fanout, direct, topic or headers: the type of the exchange(s) a topic maps to. */
    public String exchangeType = "fanout";

    /** What producers publish with; defaults depend on the exchange type (see README). */
    public String routingKey;

    /** What subscription queues bind with; defaults depend on the exchange type (see README). */
    public String bindingKey;

    /** Ask the broker to return messages no queue takes; they count as failed sends. */
    public boolean mandatory = true;

    /** Complete a send only when the broker confirmed it (basic.ack), fail it on basic.nack. */
    public boolean publisherConfirms = true;

    /** At most this many unconfirmed messages per producer (PerfTest's --confirm N); 0: no limit. */
    public int maxInflightConfirms = 1000;

    /** basic.qos prefetch count per consumer; 0: unlimited. */
    public int prefetch = 1000;

    /** Acknowledge every N messages with one multiple-ack (PerfTest's --multi-ack-every N). */
    public int ackEvery = 1;

    /** The broker forgets a message as soon as it sends it (no acks, prefetch does not apply). */
    public boolean autoAck = false;

    /** Each producer gets its own TCP connection; otherwise producers share one per broker address. */
    public boolean connectionPerProducer = true;

    /** Each consumer gets its own TCP connection; otherwise consumers share one per broker address. */
    public boolean connectionPerConsumer = true;

    /** Streams only: where a new consumer starts reading (first, next or last). */
    public String streamOffset;

    /** How long to wait between attempts to reconnect after the broker went away. */
    public long reconnectIntervalMs = 1000;

    /** Delete the exchanges and queues this driver declared when it closes. */
    public boolean deleteTopologyOnClose = true;

    /** OMB: producers are created this many at a time, with this many ms between batches. */
    public long producerCreationDelay = 100;
    public int producerCreationBatchSize = 5;
    /** OMB: consumers are created this many at a time, with this many ms between batches. */
    public long consumerCreationDelay = 100;
    public int consumerCreationBatchSize = 5;

    /** Queue and exchange kinds, parsed from the strings above by {@link #validate()}. */
    public enum QueueType { CLASSIC, QUORUM, STREAM }

    public enum QueueMode { DEFAULT, LAZY }

    public enum ExchangeType { FANOUT, DIRECT, TOPIC, HEADERS }

    public enum StreamOffset { FIRST, NEXT, LAST }

    private QueueType parsedQueueType;
    private QueueMode parsedQueueMode;
    private ExchangeType parsedExchangeType;
    private StreamOffset parsedStreamOffset;

    /** Reads the file strictly and {@link #validate()}s it; every problem is an IOException naming the field. */
    static RabbitMqSettings read(File file) throws IOException {
        return DriverSettings.read(file, RabbitMqSettings.class, RabbitMqSettings::validate);
    }

    /** Checks every field and parses the named choices; throws naming the field and what it allows. */
    void validate() {
        parsedQueueType = choice("queueType", queueType, QueueType.class);
        parsedQueueMode = choice("queueMode", queueMode, QueueMode.class);
        parsedExchangeType = choice("exchangeType", exchangeType, ExchangeType.class);
        if (amqpUris == null || amqpUris.isEmpty()) {
            throw new IllegalArgumentException("amqpUris is empty; give at least one, e.g. amqp://localhost");
        }
        for (String uri : amqpUris) {
            BrokerEndpoint.checkUri(uri);
        }
        checkQueueKind();
        checkQueueArguments();
        checkRouting();
        checkConsuming();
        atLeast("maxInflightConfirms", maxInflightConfirms, 0);
        atLeast("reconnectIntervalMs", reconnectIntervalMs, 10);
        atLeast("producerCreationDelay", producerCreationDelay, 0);
        atLeast("consumerCreationDelay", consumerCreationDelay, 0);
        atLeast("producerCreationBatchSize", producerCreationBatchSize, 1);
        atLeast("consumerCreationBatchSize", consumerCreationBatchSize, 1);
    }

    private void checkQueueKind() {
        if (parsedQueueType != QueueType.CLASSIC) {
            String type = parsedQueueType.name().toLowerCase();
            if (!queueDurable) {
                throw new IllegalArgumentException("queueDurable: false is not possible with queueType " + type
                        + " (" + type + " queues are always durable); allowed: true, or queueType classic");
            }
            if (parsedQueueMode != QueueMode.DEFAULT) {
                throw new IllegalArgumentException("queueMode: lazy applies to classic queues only; with queueType "
                        + type + " allowed: default");
            }
        }
        if (streamOffset != null) {
            if (parsedQueueType != QueueType.STREAM) {
                throw new IllegalArgumentException("streamOffset applies to queueType stream only; remove it or set"
                        + " queueType: stream");
            }
            parsedStreamOffset = choice("streamOffset", streamOffset, StreamOffset.class);
        } else {
            parsedStreamOffset = StreamOffset.NEXT;
        }
    }

    private void checkQueueArguments() {
        if (queueArguments == null) {
            queueArguments = new LinkedHashMap<>();
        }
        for (Map.Entry<String, Object> entry : queueArguments.entrySet()) {
            String key = entry.getKey();
            Object value = entry.getValue();
            if (key.equals("x-queue-type") || key.equals("x-queue-mode")) {
                throw new IllegalArgumentException("queueArguments." + key + ": set it with "
                        + (key.equals("x-queue-type") ? "queueType" : "queueMode") + " instead");
            }
            if (!(value instanceof String || value instanceof Integer || value instanceof Long
                    || value instanceof Boolean)) {
                throw new IllegalArgumentException("queueArguments." + key + " is "
                        + (value == null ? "empty" : "'" + value + "'")
                        + "; allowed: a string, a whole number or true/false");
            }
        }
    }

    private void checkRouting() {
        if (parsedExchangeType == ExchangeType.FANOUT && (routingKey != null || bindingKey != null)) {
            throw new IllegalArgumentException((routingKey != null ? "routingKey" : "bindingKey")
                    + " has no effect with exchangeType fanout (a fanout exchange ignores keys);"
                    + " remove it or use exchangeType direct, topic or headers");
        }
        if (parsedExchangeType == ExchangeType.HEADERS && routingKey != null && routingKey.isEmpty()) {
            throw new IllegalArgumentException("routingKey is empty; with exchangeType headers it is the value of the"
                    + " message header " + Routing.ROUTE_HEADER + ": give a non-empty string");
        }
    }

    private void checkConsuming() {
        if (prefetch < 0 || prefetch > 65_535) {
            throw new IllegalArgumentException("prefetch is " + prefetch + "; allowed: 0 (unlimited) to 65535");
        }
        atLeast("ackEvery", ackEvery, 1);
        if (autoAck && ackEvery != 1) {
            throw new IllegalArgumentException("ackEvery is " + ackEvery + " but autoAck is true (nothing is"
                    + " acknowledged); allowed: ackEvery 1 with autoAck true, or autoAck false");
        }
        if (!autoAck && prefetch > 0 && ackEvery > prefetch) {
            throw new IllegalArgumentException("ackEvery (" + ackEvery + ") is above prefetch (" + prefetch
                    + "): the broker stops delivering at " + prefetch + " unacknowledged messages, so the"
                    + " multiple-ack would never be sent; allowed: ackEvery 1 to " + prefetch);
        }
        if (parsedQueueType == QueueType.STREAM) {
            if (autoAck) {
                throw new IllegalArgumentException("autoAck: true is not possible with queueType stream (RabbitMQ"
                        + " requires acknowledgements from stream consumers); allowed: false");
            }
            if (prefetch == 0) {
                throw new IllegalArgumentException("prefetch: 0 is not possible with queueType stream (RabbitMQ"
                        + " requires a prefetch for stream consumers); allowed: 1 to 65535");
            }
        }
    }

    QueueType queueKind() {
        return parsedQueueType;
    }

    QueueMode queueModeKind() {
        return parsedQueueMode;
    }

    ExchangeType exchangeKind() {
        return parsedExchangeType;
    }

    StreamOffset streamOffsetKind() {
        return parsedStreamOffset;
    }
}
