package io.mqbench.driver.sqs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.cli.Main;
import io.mqbench.coordinator.StopSignal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** A whole {@code bin/benchmark} run in this JVM: what it printed, its exit code, its result file. */
final class BenchmarkRun {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Path results;

    BenchmarkRun(Path results) {
        this.results = results;
    }

    /** Runs {@code -d driver -o results workload} and returns the exit code. */
    int run(Path driver, Path workload) {
        return Main.run(new String[] {"-d", driver.toString(), "-o", results.toString(), workload.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new StopSignal());
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    Path onlyResultFile() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.filter(p -> p.toString().endsWith(".json")).toList();
        }
        if (files.size() != 1) {
            throw new AssertionError("expected one result in " + results + ", found " + files + "\n" + out() + err());
        }
        return files.get(0);
    }

    JsonNode onlyResult() throws IOException {
        return new ObjectMapper().readTree(onlyResultFile().toFile());
    }

    /** A workload file: 1 topic, 1 subscription, 1 consumer, 1 producer, 1 KiB at a fixed rate; durations in seconds. */
    static Path workload(Path dir, String name, int rate, int seconds, int warmupSeconds) throws IOException {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, String.format("""
                name: %s
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: %d
                testDurationSeconds: %d
                warmupDurationSeconds: %d
                """, name, rate, seconds, warmupSeconds));
        return file;
    }
}
