package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

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

    /** Runs {@code bin/brokers <args>} and requires exit status 0. */
    static String brokers(String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = TempFiles.repositoryRoot().resolve("bin/brokers").toString();
        System.arraycopy(args, 0, command, 1, args.length);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(180, TimeUnit.SECONDS);
        assertEquals(0, process.exitValue(), String.join(" ", command) + ":\n" + output);
        return output;
    }

    /** Sends SIGSTOP or SIGCONT to the broker's JVM, whose PID bin/brokers keeps. */
    static void signalBroker(String signal) throws Exception {
        String dir = System.getenv("MQBENCH_BROKERS_DIR");
        Path brokers = dir != null ? Path.of(dir) : TempFiles.repositoryRoot().resolve(".brokers");
        // The file holds the PID, then the process start time bin/brokers uses to recognise it.
        String pid = Files.readString(brokers.resolve("artemis/artemis.pid")).trim().split("\\s+")[0];
        Process kill = new ProcessBuilder("kill", "-" + signal, pid).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
    }
}
