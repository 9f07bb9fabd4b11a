package io.mqbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.ScrapedMetrics;
import io.mqbench.testing.ScrapedRun;
import io.mqbench.testing.TempFiles;
import io.mqbench.worker.LocalWorker;
import io.mqbench.worker.commands.ConsumerAssignment;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import io.mqbench.worker.commands.TopicSubscription;
import io.mqbench.worker.commands.TopicsInfo;
import io.mqbench.workload.KeyDistributorType;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Series only grow, each under its run's labels: a finished run's counts stay, a new worker
 * (a local run's next point) adds its own series, and nothing is counted twice.
 */
class WorkerMetricsTest {
    @TempDir
    Path dir;

    @Test
    void finishedRunsStayUnderTheirLabelsAndTheRunningOneIsAddedOnce() throws Exception {
        File driver = TempFiles.write(dir, "driver.yaml", ScrapedRun.DRIVER).toFile();
        WorkerMetrics metrics = new WorkerMetrics("test-instance");
        MetricsPage page = new MetricsPage(metrics);

        LocalWorker first = metrics.follow(new LocalWorker(), "first");
        sendProbes(first, driver, 2);
        ScrapedMetrics running = scrape(page);
        assertEquals(2, running.value("mqbench_worker_messages_sent_total", "workload", "first"));
        assertEquals(1, running.value("mqbench_worker_busy"));
        first.stopAll();
        assertEquals(2, scrape(page).value("mqbench_worker_messages_sent_total", "workload", "first"), "kept, not lost nor doubled");

        LocalWorker second = metrics.follow(new LocalWorker(), "second");
        sendProbes(second, driver, 3);
        ScrapedMetrics both = scrape(page);
        assertEquals(2, both.value("mqbench_worker_messages_sent_total", "workload", "first"));
        assertEquals(3, both.value("mqbench_worker_messages_sent_total", "workload", "second"));
        assertEquals(List.of("second"), both.samples("mqbench_worker_run_info").stream().map(s -> s.labels().get("workload")).toList());
        second.stopAll();
        ScrapedMetrics after = scrape(page);
        assertEquals(3, after.value("mqbench_worker_messages_sent_total", "workload", "second"));
        assertEquals(0, after.value("mqbench_worker_busy"));
        assertEquals("test-instance", after.samples("mqbench_worker_info").get(0).labels().get("instance"));
    }

    /**
     * One page never shows more acknowledged sends in the publish histogram than in the sent
     * counter, nor more receipts in the end-to-end one than in the received counter: an upstream
     * coordinator's test saw 2189 publish latencies beside 2183 sends (CI, 2026-12-06) when the
     * counters were read before the histograms were cut.
     */
    @Test
    void aPageNeverCountsMoreLatenciesThanMessages() throws Exception {
        File driver = TempFiles.write(dir, "driver.yaml", ScrapedRun.DRIVER).toFile();
        WorkerMetrics metrics = new WorkerMetrics("test-instance");
        MetricsPage page = new MetricsPage(metrics);
        LocalWorker worker = metrics.follow(new LocalWorker(), "busy");
        try {
            worker.initializeDriver(driver);
            String topic = worker.createTopics(new TopicsInfo(1, 1)).get(0);
            ConsumerAssignment consumers = new ConsumerAssignment();
            consumers.topicsSubscriptions.add(new TopicSubscription(topic, "sub"));
            worker.createConsumers(consumers);
            worker.createProducers(List.of(topic));
            ProducerWorkAssignment load = new ProducerWorkAssignment();
            load.payloadData = List.of(new byte[16]);
            load.publishRate = 200_000;
            load.keyDistributorType = KeyDistributorType.NO_KEY;
            worker.startLoad(load);
            double lastSent = 0;
            for (int scrape = 0; scrape < 400; scrape++) {
                ScrapedMetrics now = scrape(page);
                double sent = now.value("mqbench_worker_messages_sent_total", "workload", "busy");
                double published = now.value("mqbench_worker_publish_latency_seconds_count", "workload", "busy");
                double received = now.value("mqbench_worker_messages_received_total", "workload", "busy");
                double delivered = now.value("mqbench_worker_end_to_end_latency_seconds_count", "workload", "busy");
                assertTrue(published <= sent, "scrape " + scrape + ": " + published + " publish latencies, " + sent + " sends");
                assertTrue(delivered <= received, "scrape " + scrape + ": " + delivered + " end-to-end latencies, " + received + " receipts");
                lastSent = sent;
            }
            assertTrue(lastSent > 1000, "the pages were read while messages flowed: " + lastSent + " sent");
        } finally {
            worker.stopAll();
        }
    }

    /** Prometheus asks for OpenMetrics first; client_java writes it, and its own text format otherwise. */
    @Test
    void theFormatFollowsTheAcceptHeader() {
        MetricsPage page = new MetricsPage(new WorkerMetrics("test-instance"));
        MetricsPage.Rendered open = page.render("application/openmetrics-text; version=1.0.0; charset=utf-8,text/plain;version=0.0.4;q=0.5");
        String body = new String(open.body(), StandardCharsets.UTF_8);
        assertTrue(open.contentType().startsWith("application/openmetrics-text"), open.contentType());
        assertTrue(body.contains("# TYPE mqbench_worker info\n") && body.endsWith("# EOF\n"), body);
        MetricsPage.Rendered plain = page.render(null);
        assertTrue(plain.contentType().startsWith("text/plain; version=0.0.4"), plain.contentType());
    }

    /** A run that sends one probe message per producer and waits until all have arrived. */
    private static void sendProbes(LocalWorker worker, File driver, int producers) throws Exception {
        worker.initializeDriver(driver);
        String topic = worker.createTopics(new TopicsInfo(1, 1)).get(0);
        worker.createProducers(Collections.nCopies(producers, topic));
        worker.probeProducers();
        long deadline = System.currentTimeMillis() + 10_000;
        while (worker.getCountersStats().messagesSent < producers && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
    }

    private static ScrapedMetrics scrape(MetricsPage page) {
        return ScrapedMetrics.parse(new String(page.render(null).body(), StandardCharsets.UTF_8));
    }
}
