package io.mqbench.driver.kafka;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * The Kafka driver's YAML file. The first fields are exactly those of OpenMessaging Benchmark's
 * Kafka driver, so its files load unchanged apart from {@code driverClass}; the last two are
 * mqbench's additions. Unknown fields are rejected, so a typo cannot go unnoticed.
 */
public final class KafkaSettings {
    public String name;
    public String driverClass;

    /** Copies of each partition; {@code null} leaves it to the broker's default.replication.factor. */
    public Short replicationFactor;

    /** Delete the topics (and consumer groups) this driver created when it closes. */
    public boolean reset;

    /** Java-properties text: topic-level configs given to every topic created (e.g. min.insync.replicas). */
    public String topicConfig = "";

    /** Java-properties text given to the producers, consumers and the admin client alike. */
    public String commonConfig = "";

    /** Java-properties text for the producers (acks, linger.ms, batch.size, compression.type, ...). */
    public String producerConfig = "";

    /** Java-properties text for the consumers (auto.offset.reset, fetch sizes, isolation.level, ...). */
    public String consumerConfig = "";

    /**
     * How consumers commit offsets after handing a poll's records to the harness; {@code null} means
     * {@code async}, or nothing at all when consumerConfig turns on enable.auto.commit.
     */
    public OffsetCommit offsetCommit;

    /** When present, every producer is transactional and commits as these settings say. */
    public TransactionSettings transactions;

    static KafkaSettings read(File file) throws IOException {
        ObjectMapper mapper = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
        KafkaSettings settings;
        try {
            settings = mapper.readValue(file, KafkaSettings.class);
        } catch (JsonMappingException e) {
            throw new IllegalArgumentException(explain(e), e);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid YAML: " + e.getOriginalMessage(), e);
        }
        if (settings == null) {
            throw new IllegalArgumentException("the file is empty; give at least commonConfig with bootstrap.servers");
        }
        settings.validate();
        return settings;
    }

    void validate() {
        if (replicationFactor != null && replicationFactor < 1) {
            throw new IllegalArgumentException("replicationFactor is " + replicationFactor
                    + "; allowed: 1 or more, or leave it out for the broker's default.replication.factor");
        }
        if (transactions != null) {
            transactions.validate();
        }
    }

    /** One line that names the field and what is allowed, instead of Jackson's multi-line message. */
    private static String explain(JsonMappingException e) {
        String field = e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."));
        if (e.getCause() instanceof IllegalArgumentException ours) {
            return ours.getMessage();
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            return "unknown field '" + field + "'; allowed here: " + names(unknown.getKnownPropertyIds());
        }
        if (e instanceof InvalidFormatException format && format.getTargetType().isEnum()) {
            return field + ": '" + format.getValue() + "' is not allowed; allowed: "
                    + Arrays.stream(format.getTargetType().getEnumConstants())
                            .map(Object::toString)
                            .collect(Collectors.joining(", "));
        }
        if (e instanceof InvalidFormatException format) {
            return field + ": '" + format.getValue() + "' is not a valid " + format.getTargetType().getSimpleName();
        }
        return (field.isEmpty() ? "" : field + ": ") + e.getOriginalMessage().replace('\n', ' ');
    }

    private static String names(Collection<Object> known) {
        return known.stream().map(Object::toString).sorted().collect(Collectors.joining(", "));
    }
}
