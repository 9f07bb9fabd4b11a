package io.mqbench.driver.kafka;

import io.mqbench.driver.support.YamlErrors;
import java.io.IOException;
import java.io.StringReader;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Turns the YAML's Java-properties blocks into the configs of the producers, consumers and admin
 * client. Every key is checked against the client's own list of settings and every value against
 * its validator before any connection is made, so {@code lingr.ms=1} or {@code acks=2} stops the
 * run with one line instead of being ignored with a log warning.
 */
final class ClientProperties {
    /** kafka-clients' default session.timeout.ms since 3.0. */
    static final long DEFAULT_SESSION_TIMEOUT_MILLIS = 45_000;
    /** Set by the driver itself: a value in the YAML would be overwritten or would break the run. */
    private static final Set<String> PRODUCER_RESERVED = Set.of(
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.TRANSACTIONAL_ID_CONFIG);
    private static final Set<String> CONSUMER_RESERVED = Set.of(
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
            ConsumerConfig.GROUP_ID_CONFIG);

    private final Properties producer = new Properties();
    private final Properties consumer = new Properties();
    private final Properties admin = new Properties();
    private final Map<String, String> topic;
    private final boolean autoCommit;

    private ClientProperties(Map<String, String> topic, boolean autoCommit) {
        this.topic = topic;
        this.autoCommit = autoCommit;
    }

    static ClientProperties from(KafkaSettings settings) {
        Map<String, String> common = parse("commonConfig", settings.commonConfig);
        Map<String, String> producerBlock = parse("producerConfig", settings.producerConfig);
        Map<String, String> consumerBlock = parse("consumerConfig", settings.consumerConfig);
        Map<String, String> topicBlock = parse("topicConfig", settings.topicConfig);

        for (String key : common.keySet()) {
            if (!ProducerConfig.configNames().contains(key)
                    && !ConsumerConfig.configNames().contains(key)
                    && !AdminClientConfig.configNames().contains(key)) {
                throw unknown("commonConfig", key, "producer, consumer or admin client",
                        union(ProducerConfig.configNames(), ConsumerConfig.configNames(), AdminClientConfig.configNames()));
            }
        }
        String servers = common.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG);
        if (servers == null || servers.isBlank()) {
            throw new IllegalArgumentException("commonConfig: bootstrap.servers is missing (producers, consumers and the"
                    + " admin client all need it); e.g. bootstrap.servers=127.0.0.1:9092");
        }
        checkKeys("producerConfig", producerBlock, ProducerConfig.configNames(), PRODUCER_RESERVED, "producer");
        checkKeys("consumerConfig", consumerBlock, ConsumerConfig.configNames(), CONSUMER_RESERVED, "consumer");

        Map<String, String> consumerValues = new LinkedHashMap<>();
        // At-least-once needs commits after the callback, and a consumer that joins after the first
        // messages must still see them: Kafka's own defaults (auto commit, latest) would break both.
        consumerValues.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        consumerValues.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // A consumer still polling when reset deletes its topic (another worker's, say) must not
        // bring it back as an empty one-partition topic that outlives the run.
        consumerValues.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
        consumerValues.putAll(only(common, ConsumerConfig.configNames()));
        consumerValues.putAll(consumerBlock);
        boolean autoCommit = Boolean.parseBoolean(consumerValues.get(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG).trim());
        if (autoCommit && settings.offsetCommit != null) {
            throw new IllegalArgumentException("offsetCommit: " + settings.offsetCommit
                    + " conflicts with enable.auto.commit=true in consumerConfig (the client would commit in the"
                    + " background, before the harness saw the records); remove one of them");
        }
        if (autoCommit && settings.offsetCommitIntervalMs > 0) {
            throw new IllegalArgumentException("offsetCommitIntervalMs: " + settings.offsetCommitIntervalMs
                    + " conflicts with enable.auto.commit=true in consumerConfig (the client commits on its own"
                    + " schedule, auto.commit.interval.ms); remove one of them");
        }

        ClientProperties result = new ClientProperties(topicBlock, autoCommit);
        result.admin.putAll(only(common, AdminClientConfig.configNames()));
        result.producer.putAll(only(common, ProducerConfig.configNames()));
        result.producer.putAll(producerBlock);
        result.producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        result.producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        result.consumer.putAll(consumerValues);
        result.consumer.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        result.consumer.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteBufferDeserializer.class.getName());
        result.validate(settings.transactions != null);
        return result;
    }

    /**
     * Runs each client's own value checks (types, ranges, allowed values) now, and the rules
     * transactions add, so that a bad file fails before any connection rather than at the first
     * producer.
     */
    private void validate(boolean transactional) {
        try {
            ProducerConfig.configDef().parse(producer);
        } catch (ConfigException e) {
            throw new IllegalArgumentException("producerConfig/commonConfig: " + e.getMessage(), e);
        }
        try {
            ConsumerConfig.configDef().parse(consumer);
        } catch (ConfigException e) {
            throw new IllegalArgumentException("consumerConfig/commonConfig: " + e.getMessage(), e);
        }
        try {
            AdminClientConfig.configDef().parse(admin);
        } catch (ConfigException e) {
            throw new IllegalArgumentException("commonConfig: " + e.getMessage(), e);
        }
        if (transactional) {
            String acks = producer.getProperty(ProducerConfig.ACKS_CONFIG, "all").trim();
            String idempotence = producer.getProperty(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true").trim();
            int inFlight = Integer.parseInt(producer.getProperty(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5").trim());
            if (!acks.equals("all") && !acks.equals("-1")) {
                throw new IllegalArgumentException("producerConfig: acks=" + acks
                        + " cannot be used with transactions; allowed: all (or -1)");
            }
            if (!idempotence.equalsIgnoreCase("true")) {
                throw new IllegalArgumentException("producerConfig: enable.idempotence=" + idempotence
                        + " cannot be used with transactions; allowed: true");
            }
            if (inFlight > 5) {
                throw new IllegalArgumentException("producerConfig: max.in.flight.requests.per.connection=" + inFlight
                        + " cannot be used with transactions; allowed: 1 to 5");
            }
        }
    }

    /** A fresh copy: the driver adds per-producer settings such as transactional.id. */
    Properties producerProperties() {
        Properties copy = new Properties();
        copy.putAll(producer);
        return copy;
    }

    /** A fresh copy with the subscription's consumer group. */
    /** The consumers' session.timeout.ms, Kafka's default (45 s) unless the settings change it. */
    long sessionTimeoutMillis() {
        Object value = consumer.get(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG);
        try {
            return value == null ? DEFAULT_SESSION_TIMEOUT_MILLIS : Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            return DEFAULT_SESSION_TIMEOUT_MILLIS;
        }
    }

    Properties consumerProperties(String groupId) {
        Properties copy = new Properties();
        copy.putAll(consumer);
        copy.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        return copy;
    }

    Properties adminProperties() {
        Properties copy = new Properties();
        copy.putAll(admin);
        return copy;
    }

    Map<String, String> topicConfig() {
        return topic;
    }

    /** True when the consumers' client commits by itself, so the driver must not. */
    boolean consumerAutoCommit() {
        return autoCommit;
    }

    String bootstrapServers() {
        return admin.getProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "(not set)");
    }

    Optional<String> producerValue(String key) {
        return Optional.ofNullable(producer.getProperty(key));
    }

    Optional<String> consumerValue(String key) {
        return Optional.ofNullable(consumer.getProperty(key));
    }

    private static Map<String, String> parse(String field, String text) {
        Properties properties = new Properties();
        if (text != null) {
            try {
                properties.load(new StringReader(text));
            } catch (IOException | IllegalArgumentException e) {
                throw new IllegalArgumentException(field + ": not Java-properties text (key=value per line): " + e.getMessage(), e);
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        properties.stringPropertyNames().stream().sorted().forEach(key -> values.put(key, properties.getProperty(key).trim()));
        return values;
    }

    private static void checkKeys(String field, Map<String, String> block, Set<String> known, Set<String> reserved, String client) {
        for (String key : block.keySet()) {
            if (reserved.contains(key)) {
                throw new IllegalArgumentException(field + ": " + key + " is set by the driver"
                        + (key.equals(ProducerConfig.TRANSACTIONAL_ID_CONFIG)
                                ? " (one per producer) when the 'transactions' field is given; remove it and add 'transactions:'"
                                : key.equals(ConsumerConfig.GROUP_ID_CONFIG)
                                        ? " (the subscription name is the group id); remove it"
                                        : "; remove it"));
            }
            if (!known.contains(key)) {
                throw unknown(field, key, client, known);
            }
        }
    }

    private static IllegalArgumentException unknown(String field, String key, String client, Set<String> known) {
        String hint = closest(key, known).map(k -> " (did you mean '" + k + "'?)").orElse("");
        return new IllegalArgumentException(field + ": '" + key + "' is not a Kafka " + client + " setting" + hint
                + "; see https://kafka.apache.org/documentation/#configuration");
    }

    private static Optional<String> closest(String key, Set<String> known) {
        return known.stream()
                .filter(k -> YamlErrors.editDistance(k, key) <= Math.max(2, key.length() / 5))
                .min(Comparator.comparingInt(k -> YamlErrors.editDistance(k, key)));
    }

    private static Map<String, String> only(Map<String, String> values, Set<String> known) {
        Map<String, String> kept = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            if (known.contains(key)) {
                kept.put(key, value);
            }
        });
        return kept;
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        java.util.Set<String> all = new java.util.HashSet<>();
        for (Set<String> set : sets) {
            all.addAll(set);
        }
        return all;
    }
}
