package io.mqbench.driver.artemis;

import io.mqbench.testing.LocalBrokers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * The Artemis that {@code bin/brokers start artemis} runs on 127.0.0.1:61616, and what the ITs
 * need of it: driver files, random names, and bin/brokers itself to stop, start, freeze and thaw
 * the broker (this broker only).
 */
final class LocalBroker {
    static final String ADDRESS = "tcp://127.0.0.1:61616";
    static final String HEAD = "name: Artemis-IT\n"
            + "driverClass: io.mqbench.driver.artemis.ArtemisBenchmarkDriver\n";

    private LocalBroker() {}

    /** A driver file with {@code settings}; brokerAddress is the local broker unless they give one. */
    static Path driverFile(Path dir, String settings) throws IOException {
        Path file = Files.createTempFile(dir, "artemis-", ".yaml");
        String address = settings.contains("brokerAddress:") ? "" : "brokerAddress: " + ADDRESS + "\n";
        Files.writeString(file, HEAD + address + settings);
        return file;
    }

    static ArtemisBenchmarkDriver driver(Path dir, String settings) throws Exception {
        ArtemisBenchmarkDriver driver = new ArtemisBenchmarkDriver();
        driver.initialize(driverFile(dir, settings).toFile(), null);
        return driver;
    }

    /** A topic name as the harness makes them, unique per test. */
    static String topic() {
        return "mqbench-it-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String subscription(String label) {
        return "sub-it-" + label + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Sends SIGSTOP or SIGCONT to the broker's JVM, whose PID bin/brokers keeps. */
    static void signalBroker(String signal) throws Exception {
        LocalBrokers.signal("artemis/artemis.pid", signal);
    }
}
