package io.mqbench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Writes small files for tests. */
public final class TempFiles {
    private TempFiles() {}

    public static Path write(Path folder, String name, String content) {
        try {
            Path file = folder.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A workload file for a short whole run: one topic, partition, subscription, consumer and
     * producer, 1 KiB messages at a fixed rate; durations in seconds.
     */
    public static Path fixedRateWorkload(Path folder, String name, int rate, int seconds, int warmupSeconds) {
        return fixedRateWorkload(folder, name, 1, 1024, rate, seconds, warmupSeconds);
    }

    /** The same with {@code topics} topics (one producer and one consumer each) of {@code messageSize}-byte messages. */
    public static Path fixedRateWorkload(Path folder, String name, int topics, int messageSize, int rate, int seconds,
                                         int warmupSeconds) {
        return write(folder, name + ".yaml", fixedRateWorkloadText(name, topics, messageSize, rate, seconds, warmupSeconds));
    }

    /** The text of {@link #fixedRateWorkload(Path, String, int, int, int, int, int)}, for tests that change it first. */
    public static String fixedRateWorkloadText(String name, int topics, int messageSize, int rate, int seconds, int warmupSeconds) {
        return String.format("""
                name: %s
                topics: %d
                partitionsPerTopic: 1
                messageSize: %d
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: %d
                testDurationSeconds: %d
                warmupDurationSeconds: %d
                """, name, topics, messageSize, rate, seconds, warmupSeconds);
    }

    /**
     * The driver files a driver module ships: {@code <prefix>*.yaml} in its folder (a test's working
     * folder), sorted by name.
     */
    public static List<Path> moduleDriverFiles(String prefix) {
        try (Stream<Path> listing = Files.list(Path.of("."))) {
            return listing.filter(p -> {
                String name = p.getFileName().toString();
                return name.startsWith(prefix) && name.endsWith(".yaml");
            }).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file names of {@link #moduleDriverFiles}. */
    public static List<String> moduleDriverFileNames(String prefix) {
        return moduleDriverFiles(prefix).stream().map(p -> p.getFileName().toString()).toList();
    }

    /** The repository root, found from the test's working folder (a module folder). */
    public static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.exists(here.resolve("driver-api"))) {
            here = here.getParent();
        }
        if (here == null) {
            throw new IllegalStateException("cannot find the repository root from " + Path.of("").toAbsolutePath());
        }
        return here;
    }
}
