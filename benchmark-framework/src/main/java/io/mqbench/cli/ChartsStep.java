package io.mqbench.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Builds the charts and the HTML report of a results folder with {@code bin/charts} (the Python
 * chart package), when it is there. A failure here never fails the benchmark: the results stand.
 */
final class ChartsStep {
    private static final long TIMEOUT_MINUTES = 10;

    private final PrintStream out;

    ChartsStep(PrintStream out) {
        this.out = out;
    }

    void run(Path results) {
        Path charts = Path.of(System.getProperty("mqbench.home", "."), "bin", "charts");
        if (!Files.isExecutable(charts)) {
            return;
        }
        Path report = results.resolve("report");
        out.println("-- charts: " + charts + " " + results + " -o " + report);
        try {
            // Output to a file, not a pipe: a hung chart process then cannot hang us past the timeout.
            Path log = results.resolve("charts.log");
            Process process = new ProcessBuilder(charts.toString(), results.toString(), "-o", report.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            String output = Files.readString(log);
            if (!finished) {
                process.destroyForcibly();
                out.println("   charts did not finish within " + TIMEOUT_MINUTES + " minutes; the results are unaffected");
            } else if (process.exitValue() != 0) {
                out.println("   charts failed (exit " + process.exitValue() + "); the results are unaffected:");
                output.lines().forEach(line -> out.println("   " + line));
            } else {
                output.lines().reduce((first, second) -> second).ifPresent(last -> out.println("   " + last));
            }
        } catch (Exception e) {
            out.println("   charts could not run: " + e.getMessage() + "; the results are unaffected");
        }
    }
}
