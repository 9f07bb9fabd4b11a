package io.mqbench.driver.kafka;

import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;

/**
 * The Kafka driver's YAML file. The first fields are exactly those of OpenMessaging Benchmark's
 * Kafka driver, so its files load unchanged apart from {@code driverClass}; the last three are
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

    /**
     * Shortest time between two offset commits of a consumer, ms; 0 commits after every poll, as
     * upstream OMB's driver does. Records handed to the harness since the last commit are re-delivered
     * after a crash, so more than 0 trades that many re-deliveries for a commit request per interval
     * instead of per poll.
     */
    public int offsetCommitIntervalMs;

    /** When present, every producer is transactional and commits as these settings say. */
    public TransactionSettings transactions;

    /** Reads the file strictly (a mistake is an IOException naming the field), then {@link #validate()}s it. */
    static KafkaSettings read(File file) throws IOException {
        KafkaSettings settings = DriverSettings.read(file, KafkaSettings.class);
        settings.validate();
        return settings;
    }

    void validate() {
        if (replicationFactor != null && replicationFactor < 1) {
            throw new IllegalArgumentException("replicationFactor is " + replicationFactor
                    + "; allowed: 1 or more, or leave it out for the broker's default.replication.factor");
        }
        if (offsetCommitIntervalMs < 0) {
            throw new IllegalArgumentException("offsetCommitIntervalMs is " + offsetCommitIntervalMs
                    + "; allowed: 0 (commit after every poll) or more");
        }
        if (transactions != null) {
            transactions.validate();
        }
    }
}
