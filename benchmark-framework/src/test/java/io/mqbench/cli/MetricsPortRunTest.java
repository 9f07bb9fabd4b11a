package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.RawHttp;
import io.mqbench.testing.ScrapedMetrics;
import io.mqbench.testing.ScrapedRun;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/benchmark --metrics-port}: a local run's worker on a page Prometheus can scrape, while the run lasts. */
class MetricsPortRunTest {
    @TempDir
    Path dir;

    @Test
    void aLocalRunServesItsWorkerLabelledWithTheWorkloadWhileItRuns() throws Exception {
        ScrapedRun run = ScrapedRun.of(dir, "metrics-run");

        assertEquals(ExitCodes.OK, run.cli.exitCode, run.cli.err() + run.cli.out());
        assertTrue(run.url.startsWith("http://127.0.0.1:"), run.url);
        ScrapedMetrics page = run.during;
        String[] labels = {"driver", "Loopback", "workload", "metrics-run", "worker", "local"};
        assertEquals(1, page.value("mqbench_worker_busy"));
        assertEquals(500, page.value("mqbench_worker_target_publish_messages_per_second", labels));
        assertEquals("producer+consumer", page.samples("mqbench_worker_run_info", labels).get(0).labels().get("role"));
        assertTrue(page.value("mqbench_worker_messages_sent_total", labels) > 100);
        assertTrue(page.value("mqbench_worker_end_to_end_latency_seconds_count", labels) > 100);
        assertEquals("histogram", page.type("mqbench_worker_publish_delay_seconds"));
        assertTrue(page.families().contains("jvm_gc_collection_seconds"), "JVM metrics: " + page.families());

        assertThrows(UncheckedIOException.class, () -> RawHttp.get(run.url), "the page closes with the command");
    }
}
