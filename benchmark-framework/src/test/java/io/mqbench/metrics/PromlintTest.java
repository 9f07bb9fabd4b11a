package io.mqbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.ScrapedRun;
import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker's page as Prometheus itself reads it: tools/promlint parses it with Prometheus' text
 * parser (Go, github.com/prometheus/common/expfmt) and lints it with client_golang's promlint, the
 * checks of {@code promtool check metrics}. {@link io.mqbench.testing.ScrapedMetrics} is our own
 * strict reader; this is the reference one, so a page both accept is not merely a page we agree with.
 *
 * <p>The tool is {@code $MQBENCH_PROMLINT} when bin/test built it; otherwise it is built here once
 * with tools/promlint/build.sh, and without Go the tests are skipped with that reason.
 */
class PromlintTest {
    @TempDir
    Path dir;

    @Test
    void aWorkersPageDuringARunParsesAndPassesPrometheusLint() throws Exception {
        Promlint.tool(); // found or built first: without Go, skip before a run for nothing
        // During the run: every family is on the page, the run's info and target rate included.
        String page = ScrapedRun.of(dir, "promlint").during.text();

        Result result = Promlint.run(dir, page);

        assertEquals(new Result(0, List.of(), ""), result, "promlint on the worker's page:\n" + page);
    }

    /** The check can fail: the two mistakes it exists for, a counter without _total and a time not in seconds. */
    @Test
    void aPageWithACounterWithoutTotalAndAHistogramInMillisecondsIsReported() throws Exception {
        String page = """
                # HELP mqbench_worker_messages_sent Sends the broker acknowledged.
                # TYPE mqbench_worker_messages_sent counter
                mqbench_worker_messages_sent 12
                # HELP mqbench_worker_publish_latency_milliseconds Send to the broker's acknowledgement.
                # TYPE mqbench_worker_publish_latency_milliseconds histogram
                mqbench_worker_publish_latency_milliseconds_bucket{le="1.0"} 3
                mqbench_worker_publish_latency_milliseconds_bucket{le="+Inf"} 4
                mqbench_worker_publish_latency_milliseconds_count 4
                mqbench_worker_publish_latency_milliseconds_sum 5.5
                """;

        Result result = Promlint.run(dir, page);

        assertEquals(1, result.exit(), result.toString());
        assertTrue(result.problems().contains("mqbench_worker_messages_sent: counter metrics should have \"_total\" suffix"),
                result.toString());
        assertTrue(result.problems().stream().anyMatch(p -> p.startsWith("mqbench_worker_publish_latency_milliseconds: use base unit \"seconds\"")),
                result.toString());
    }

    /** Prometheus' parser refuses what would fail a scrape: here a sample after its family's TYPE line was given twice. */
    @Test
    void aPageThatDoesNotParseExitsTwoAndSaysWhere() throws Exception {
        String page = """
                # HELP up Whether the target answers.
                # TYPE up gauge
                # TYPE up counter
                up 1
                """;

        Result result = Promlint.run(dir, page);

        assertEquals(2, result.exit(), result.toString());
        assertTrue(result.errors().contains("does not parse") && result.errors().contains("line 3"), result.toString());
    }

    /** An empty body parses and lints clean in Prometheus' code; the tool refuses it, so a blank scrape cannot pass. */
    @Test
    void anEmptyPageIsNotClean() throws Exception {
        assertEquals(2, Promlint.run(dir, "").exit());
    }

    /** What the tool said: its exit status, its problem lines (stdout) and its standard error. */
    record Result(int exit, List<String> problems, String errors) {}

    /** The tool, found or built once per test JVM. */
    static final class Promlint {
        private static Path tool;

        static Result run(Path dir, String page) throws IOException, InterruptedException {
            Path input = Files.writeString(dir.resolve("page-" + System.nanoTime() + ".txt"), page);
            Path errors = dir.resolve(input.getFileName() + ".err");
            Process process = new ProcessBuilder(tool().toString()).redirectInput(input.toFile())
                    .redirectError(errors.toFile()).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "promlint did not end");
            return new Result(process.exitValue(), out.lines().toList(), Files.readString(errors));
        }

        static synchronized Path tool() throws IOException, InterruptedException {
            if (tool != null) {
                return tool;
            }
            String given = System.getenv("MQBENCH_PROMLINT");
            if (given != null && !given.isEmpty()) {
                // bin/test built it and says so: its absence is bin/test's failure, not a reason to skip.
                Path path = Path.of(given);
                assertTrue(Files.isExecutable(path), "MQBENCH_PROMLINT=" + given + " is not an executable file");
                return tool = path;
            }
            Path root = TempFiles.repositoryRoot();
            Path built = root.resolve("target/promlint");
            Path log = Files.createTempFile("promlint-build", ".log");
            try {
                Process build = new ProcessBuilder("bash", root.resolve("tools/promlint/build.sh").toString(), built.toString())
                        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
                assertTrue(build.waitFor(10, TimeUnit.MINUTES), "tools/promlint/build.sh did not end");
                String said = Files.readString(log).strip();
                // Exit 3 is build.sh's "no go command": a machine without Go cannot run Prometheus' parser.
                Assumptions.assumeTrue(build.exitValue() != 3, "Prometheus' parser and lint are Go, and " + said);
                assertEquals(0, build.exitValue(), "tools/promlint/build.sh failed:\n" + said);
            } finally {
                Files.deleteIfExists(log);
            }
            return tool = built;
        }
    }
}
