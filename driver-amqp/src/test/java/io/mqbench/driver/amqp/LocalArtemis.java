package io.mqbench.driver.amqp;

import io.mqbench.testing.LocalBrokers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/** The Artemis of {@code bin/brokers start artemis}, spoken to over AMQP 1.0 on its all-protocols acceptor. */
final class LocalArtemis {
    static final String URL = "amqp://127.0.0.1:61616";

    private LocalArtemis() {}

    static AmqpBenchmarkDriver driver(Path dir, String settings) throws Exception {
        Path file = Files.createTempFile(dir, "amqp-", ".yaml");
        Files.writeString(file, "name: AMQP-IT\ndriverClass: io.mqbench.driver.amqp.AmqpBenchmarkDriver\n"
                + "brokerUrl: " + URL + "\n" + settings);
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

    /** SIGSTOP or SIGCONT to the broker's JVM, by the PID bin/brokers keeps. */
    static void signal(String signal) throws Exception {
        LocalBrokers.signal("artemis/artemis.pid", signal);
    }
}
