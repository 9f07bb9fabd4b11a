package io.mqbench.driver.amqp;

import io.mqbench.testing.LocalBrokers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * The two AMQP 1.0 brokers of {@code bin/brokers}: Artemis on its all-protocols acceptor (JMS
 * addressing) and RabbitMQ 3.10 with its AMQP 1.0 plugin (RabbitMQ addressing). The ITs run every
 * promise of the driver on both.
 */
enum AmqpBroker {
    ARTEMIS("brokerUrl: amqp://127.0.0.1:61616\n", "artemis/artemis.pid"),
    RABBITMQ("brokerUrl: amqp://127.0.0.1:5672\naddressing: rabbitmq\nuser: guest\npassword: guest\n", "rabbitmq/beam.pid");

    private final String connection;
    private final String pidFile;

    AmqpBroker(String connection, String pidFile) {
        this.connection = connection;
        this.pidFile = pidFile;
    }

    /** An initialized driver on this broker with {@code settings} added to its connection fields. */
    AmqpBenchmarkDriver driver(Path dir, String settings) throws Exception {
        Path file = Files.createTempFile(dir, "amqp-", ".yaml");
        Files.writeString(file, "name: AMQP-IT\ndriverClass: io.mqbench.driver.amqp.AmqpBenchmarkDriver\n"
                + connection + settings);
        AmqpBenchmarkDriver driver = new AmqpBenchmarkDriver();
        driver.initialize(file.toFile(), null);
        return driver;
    }

    static String topic() {
        return "mqbench-amqp-it-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String subscription(String label) {
        return "sub-amqp-" + label + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** SIGSTOP or SIGCONT to the broker's process, by the PID bin/brokers keeps. */
    void signal(String signal) throws Exception {
        LocalBrokers.signal(pidFile, signal);
    }
}
