package io.mqbench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.cli.Main;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.result.ResultFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs {@code bin/benchmark}'s main code in this JVM and keeps what it printed and wrote. Shared
 * with the driver modules' integration tests through this module's test-jar.
 */
public final class BenchmarkCli {
    public final StopSignal stop = new StopSignal();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    public volatile int exitCode = -1;

    public static BenchmarkCli run(String... args) {
        BenchmarkCli runner = new BenchmarkCli();
        runner.execute(args);
        return runner;
    }

    public void execute(String... args) {
        exitCode = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), stop);
    }

    public String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    public String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Waits (up to a minute) until the run has printed {@code text}, for a test that acts at a phase. */
    public void awaitOutput(String text) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (!out().contains(text)) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("never printed '" + text + "':\n" + out() + err());
            }
            Thread.sleep(20);
        }
    }

    /** The result files in a folder, oldest name first. */
    public static List<Path> results(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".json") && !p.getFileName().toString().equals("suite.json")).sorted().toList();
        }
    }

    public static JsonNode onlyResult(Path folder) throws IOException {
        List<Path> files = results(folder);
        if (files.size() != 1) {
            throw new AssertionError("expected one result in " + folder + ", found " + files);
        }
        return ResultFiles.mapper().readTree(files.get(0).toFile());
    }
}
