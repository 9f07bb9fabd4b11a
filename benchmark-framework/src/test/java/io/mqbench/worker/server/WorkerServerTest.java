package io.mqbench.worker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.UserError;
import io.mqbench.testing.FailingDriver;
import io.mqbench.testing.RawHttp;
import io.mqbench.testing.ScrapedMetrics;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import io.mqbench.worker.protocol.WorkerIdentity;
import io.mqbench.worker.protocol.WorkerProtocol;
import io.mqbench.worker.protocol.WorkerToken;
import io.mqbench.worker.remote.HttpWorker;
import io.mqbench.worker.remote.WorkerConnector;
import io.mqbench.worker.remote.WorkerLostException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker's HTTP side in this JVM, driven the way other programs drive it: an upstream OMB
 * coordinator with OMB's plain bodies, a second coordinator, a client without the token, a
 * coordinator whose worker was restarted.
 */
class WorkerServerTest {
    private static final String LOOPBACK = LoopbackDriverYaml.named("Loopback");
    /** OMB's coordinator reads bodies leniently and histograms with HdrHistogram's decoder. */
    private static final ObjectMapper OMB = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @TempDir
    Path dir;

    private WorkerServer server;
    private StatsServer stats;

    @AfterEach
    void stop() {
        if (stats != null) {
            stats.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anUpstreamCoordinatorRunsALoadWithOmbsBodies() throws Exception {
        start(null, true);
        String url = url();
        assertEquals(200, RawHttp.post(url + "/stop-all", "").statusCode(), "OMB stops leftovers first");
        assertEquals(200, RawHttp.post(url + "/initialize-driver", LOOPBACK).statusCode());
        HttpResponse<String> created = RawHttp.post(url + "/create-topics", "{\"numberOfTopics\":2,\"numberOfPartitionsPerTopic\":1}");
        assertEquals(200, created.statusCode(), created.body());
        List<String> topics = List.of(OMB.readValue(created.body(), String[].class));
        assertEquals(2, topics.size());
        String subscriptions = String.format("{\"topicsSubscriptions\":[{\"topic\":\"%s\",\"subscription\":\"sub-000-a\"},"
                + "{\"topic\":\"%s\",\"subscription\":\"sub-000-b\"}]}", topics.get(0), topics.get(1));
        assertEquals(200, RawHttp.post(url + "/create-consumers", subscriptions).statusCode());
        assertEquals(200, RawHttp.post(url + "/create-producers", OMB.writeValueAsString(topics)).statusCode());
        assertEquals(200, RawHttp.post(url + "/probe-producers", "").statusCode());
        long deadline = System.currentTimeMillis() + 10_000;
        while (OMB.readTree(RawHttp.get(url + "/counters-stats").body()).get("messagesReceived").asLong() < 2) {
            assertTrue(System.currentTimeMillis() < deadline, "probes arrive");
            Thread.sleep(20);
        }
        String payload = Base64.getEncoder().encodeToString(new byte[100]);
        String startLoad = "{\"payloadData\":[\"" + payload + "\"],\"publishRate\":1000.0,\"keyDistributorType\":\"NO_KEY\"}";
        assertEquals(200, RawHttp.post(url + "/start-load", startLoad).statusCode());
        Thread.sleep(700);
        assertEquals(200, RawHttp.post(url + "/adjust-publish-rate", "2000.0").statusCode());
        Thread.sleep(700);

        JsonNode period = OMB.readTree(RawHttp.get(url + "/period-stats").body());
        assertTrue(period.get("messagesSent").asLong() > 500, period.toString());
        Histogram endToEnd = asOmbDecodes(period.get("endToEndLatency"));
        assertTrue(endToEnd.getTotalCount() > 500);
        assertEquals(period.get("messagesReceived").asLong(), endToEnd.getTotalCount(), 100, "counters and histogram of one period");
        JsonNode cumulative = OMB.readTree(RawHttp.get(url + "/cumulative-latencies").body());
        assertTrue(asOmbDecodes(cumulative.get("publishLatency")).getTotalCount() > 500);

        ScrapedMetrics during = scrape();
        assertEquals(1, during.value("mqbench_worker_busy"));
        double sent = during.value("mqbench_worker_messages_sent_total", "driver", "Loopback");
        assertTrue(sent > 500, "sent: " + sent);
        assertTrue(during.value("mqbench_worker_messages_received_total", "driver", "Loopback") > 500);
        assertEquals(0, during.value("mqbench_worker_message_send_errors_total", "driver", "Loopback"));
        assertEquals(2000, during.value("mqbench_worker_target_publish_messages_per_second", "driver", "Loopback"), "the adjusted rate");
        assertEquals("producer+consumer", during.samples("mqbench_worker_run_info", "driver", "Loopback").get(0).labels().get("role"));
        assertEquals("", during.samples("mqbench_worker_messages_sent_total").get(0).labels().getOrDefault("workload", ""),
                "OMB's protocol does not name the workload");
        double published = during.value("mqbench_worker_publish_latency_seconds_count", "driver", "Loopback");
        assertTrue(published > 500 && published <= sent, published + " of " + sent);
        assertSumWithinBuckets(during, "mqbench_worker_publish_latency_seconds");
        assertSumWithinBuckets(during, "mqbench_worker_end_to_end_latency_seconds");
        assertTrue(during.families().contains("jvm_memory_used_bytes"), "JVM metrics: " + during.families());

        assertEquals(200, RawHttp.post(url + "/reset-stats", "").statusCode());
        assertTrue(scrape().value("mqbench_worker_publish_latency_seconds_count", "driver", "Loopback") >= published,
                "the coordinator's stats reset does not make a histogram fall");
        assertEquals(200, RawHttp.post(url + "/stop-all", "").statusCode());
        ScrapedMetrics after = scrape();
        assertEquals(0, after.value("mqbench_worker_busy"));
        assertTrue(after.value("mqbench_worker_messages_sent_total", "driver", "Loopback") >= sent, "the counter survives the end of the run");
        assertTrue(after.value("mqbench_worker_publish_latency_seconds_count", "driver", "Loopback") >= published, "so does the histogram");
        assertEquals(List.of(), after.samples("mqbench_worker_target_publish_messages_per_second"), "no run, no target");
    }

    /** The sum is in seconds: its mean lies below the smallest bound that holds every value. */
    private static void assertSumWithinBuckets(ScrapedMetrics page, String histogram) {
        double count = page.value(histogram + "_count", "driver", "Loopback");
        double mean = page.value(histogram + "_sum", "driver", "Loopback") / count;
        double allIn = page.samples(histogram + "_bucket", "driver", "Loopback").stream()
                .filter(b -> b.value() == count).mapToDouble(b -> ScrapedMetrics.number(b.labels().get("le"))).min().orElseThrow();
        assertTrue(mean > 0 && mean <= allIn, histogram + ": mean " + mean + " s, every value <= " + allIn + " s");
        assertTrue(allIn < 1, histogram + ": an in-memory broker's latencies are well under a second, not microseconds read as seconds");
    }

    private ScrapedMetrics scrape() {
        HttpResponse<String> page = RawHttp.get("http://127.0.0.1:" + stats.port() + "/metrics");
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"), page.headers().toString());
        return ScrapedMetrics.parse(page.body());
    }

    @Test
    void withOmbOnlyTheWorkerAnswersAsAnUpstreamOneWould() throws Exception {
        start(null, false);
        WorkerIdentity identity = connect(null);
        assertFalse(identity.mqbench());
        assertEquals("upstream OMB", identity.kind());
        assertEquals(404, RawHttp.get(url() + "/clock").statusCode());
        assertEquals(404, RawHttp.get(url() + "/worker-info").statusCode());
        HttpResponse<String> init = RawHttp.post(url() + "/initialize-driver", LOOPBACK);
        assertEquals(200, init.statusCode());
        assertTrue(init.headers().firstValue(WorkerProtocol.SESSION).isEmpty());
        JsonNode counters = OMB.readTree(RawHttp.get(url() + "/counters-stats").body());
        assertFalse(counters.has("probesReceived"), counters.toString());
        assertFalse(counters.has("messagesInFlight"), counters.toString());
    }

    @Test
    void withATokenFileEveryRequestMustCarryTheToken() throws Exception {
        Path tokenFile = TempFiles.write(dir, "worker.token", "0123456789abcdef0123456789abcdef\n");
        WorkerToken token = WorkerToken.load(tokenFile, "--token-file");
        start(token, true);
        HttpResponse<String> none = RawHttp.post(url() + "/initialize-driver", LOOPBACK);
        assertEquals(401, none.statusCode());
        assertEquals(WorkerProtocol.KIND_TOKEN, OMB.readTree(none.body()).get("kind").asText());
        assertTrue(none.body().contains("carried no token"), none.body());
        assertEquals(401, RawHttp.get(url() + "/clock", "Authorization", "Bearer wrong-token-wrong-token").statusCode());
        assertEquals(401, RawHttp.get(url() + "/counters-stats").statusCode());
        assertEquals(200, RawHttp.get(url() + "/clock", "Authorization", token.authorizationHeader()).statusCode());
        assertEquals(200, RawHttp.get("http://127.0.0.1:" + stats.port() + "/metrics").statusCode(),
                "Prometheus scrapes the stats port without the token: it only reads");
        assertEquals(1, scrape().samples("mqbench_worker_info").size());
        assertEquals(401, RawHttp.post(url() + "/stop-all", "").statusCode(), "while the control port still wants it");

        UserError noToken = assertThrows(UserError.class, () -> connect(null));
        assertEquals(url() + ": the worker needs a token: give --token-file with the file the worker was started with", noToken.getMessage());
        Path otherFile = TempFiles.write(dir, "other.token", "fedcba9876543210fedcba9876543210\n");
        UserError wrong = assertThrows(UserError.class, () -> connect(WorkerToken.load(otherFile, "--token-file")));
        assertTrue(wrong.getMessage().contains("rejected the token"), wrong.getMessage());
    }

    @Test
    void tokenFilesThatCannotWorkAreRefusedClearly() {
        assertTrue(assertThrows(UserError.class, () -> WorkerToken.load(dir.resolve("none"), "--token-file")).getMessage()
                .startsWith("--token-file: " + dir.resolve("none") + ": no such file"));
        Path shortToken = TempFiles.write(dir, "short.token", "abc\n");
        assertTrue(assertThrows(UserError.class, () -> WorkerToken.load(shortToken, "--token-file")).getMessage()
                .contains("has 3 characters; use at least 16"));
    }

    @Test
    void aSecondCoordinatorIsRefusedAndARestartedWorkerIsNoticed() throws Exception {
        start(null, true);
        HttpWorker first = new HttpWorker(connect(null), WorkerConnector.newClient(), null, "first/1");
        first.initializeDriver(TempFiles.write(dir, "loopback.yaml", LOOPBACK).toFile());

        UserError busy = assertThrows(UserError.class, () -> new WorkerConnector(WorkerConnector.newClient(), null, "second/2")
                .connect(List.of(URI.create(url()))));
        assertTrue(busy.getMessage().startsWith(url() + " is busy: it serves coordinator first/1 at 127.0.0.1"), busy.getMessage());
        HttpResponse<String> raw = RawHttp.post(url() + "/create-topics", "{\"numberOfTopics\":1,\"numberOfPartitionsPerTopic\":1}");
        assertEquals(409, raw.statusCode(), "an upstream coordinator is refused the same way");
        assertTrue(raw.body().contains("this worker is busy"), raw.body());
        assertEquals(0, first.getCountersStats().messagesSent, "the holder goes on");

        int port = server.port();
        stop();
        server = WorkerServer.start(new WorkerServer.Settings("127.0.0.1", port, null, true));
        stats = null;
        WorkerLostException lost = assertThrows(WorkerLostException.class, first::getCountersStats);
        assertTrue(lost.getMessage().startsWith("worker " + url() + " no longer knows this run: this worker has no run with session"),
                lost.getMessage());
        assertThrows(WorkerLostException.class, first::resetStats, "and it stays lost");
    }

    @Test
    void onlyDriversAreInstantiatedAndSecretsDoNotComeBack() throws Exception {
        start(null, true);
        HttpWorker worker = new HttpWorker(connect(null), WorkerConnector.newClient(), null, "test/1");
        Path thread = TempFiles.write(dir, "thread.yaml", "name: T\ndriverClass: java.lang.Thread\n");
        UserError notADriver = assertThrows(UserError.class, () -> worker.initializeDriver(thread.toFile()));
        assertEquals(url() + ": thread.yaml: field 'driverClass': java.lang.Thread does not implement "
                + "io.openmessaging.benchmark.driver.BenchmarkDriver", notADriver.getMessage());

        Path failing = TempFiles.write(dir, "failing.yaml", "name: F\ndriverClass: " + FailingDriver.class.getName()
                + "\npassword: " + FailingDriver.SECRET + "\n");
        UserError cannotStart = assertThrows(UserError.class, () -> worker.initializeDriver(failing.toFile()));
        assertFalse(cannotStart.getMessage().contains(FailingDriver.SECRET), cannotStart.getMessage());
        assertTrue(cannotStart.getMessage().contains("failing.yaml: the driver could not start: cannot connect to amqp://guest:*****@127.0.0.1:1"),
                cannotStart.getMessage());
    }

    private WorkerIdentity connect(WorkerToken token) {
        return new WorkerConnector(WorkerConnector.newClient(), token, "test/" + System.nanoTime()).connect(List.of(URI.create(url()))).get(0);
    }

    private void start(WorkerToken token, boolean extras) {
        server = WorkerServer.start(new WorkerServer.Settings("127.0.0.1", 0, token, extras));
        stats = StatsServer.start("127.0.0.1", 0, server.metrics(), "stats port");
    }

    private String url() {
        return "http://127.0.0.1:" + server.port();
    }

    private static Histogram asOmbDecodes(JsonNode binary) throws Exception {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(binary.binaryValue()), Long.MIN_VALUE);
    }
}
