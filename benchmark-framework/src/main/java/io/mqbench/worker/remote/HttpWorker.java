package io.mqbench.worker.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.UserError;
import io.mqbench.delivery.DeliveryReport;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.MicrosClock;
import io.mqbench.stats.PeriodStats;
import io.mqbench.worker.ProcessLoad;
import io.mqbench.worker.Worker;
import io.mqbench.worker.commands.ConsumerAssignment;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import io.mqbench.worker.commands.TopicsInfo;
import io.mqbench.worker.protocol.DeliveryReportWire;
import io.mqbench.worker.protocol.WireJson;
import io.mqbench.worker.protocol.WorkerIdentity;
import io.mqbench.worker.protocol.WorkerProtocol;
import io.mqbench.worker.protocol.WorkerToken;
import java.io.File;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker on another host, driven over the worker HTTP protocol. Bodies are OMB's; mqbench's
 * additions go to mqbench workers only. With an upstream OMB worker the additions degrade: no send
 * error details, no driver metadata, no delivery ledgers, and probes are counted from received
 * messages, as OMB's own coordinator does.
 */
public final class HttpWorker implements Worker {
    private static final Logger log = LoggerFactory.getLogger(HttpWorker.class);
    private static final ObjectMapper JSON = WireJson.mapper();
    /** Setup calls may take long on a big cluster (OMB allows 10 minutes); liveness is the heartbeat's job. */
    static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(10);
    static final Duration STATS_TIMEOUT = Duration.ofSeconds(30);
    /** The run is over and its result waits to be written: a worker slow to close its clients is left to it. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    static final Duration PING_TIMEOUT = Duration.ofSeconds(3);

    private final WorkerIdentity identity;
    private final WorkerTransport transport;

    public HttpWorker(WorkerIdentity identity, HttpClient client, WorkerToken token, String coordinator) {
        this.identity = identity;
        this.transport = new WorkerTransport(identity.url(), client, token, coordinator);
    }

    public WorkerIdentity identity() {
        return identity;
    }

    @Override
    public String id() {
        return identity.url().toString();
    }

    /** Why this worker dropped out of the run, or null while it takes part. */
    public String lostReason() {
        return transport.lostReason();
    }

    public void markLost(String reason) {
        transport.markLost(reason);
    }

    public WorkerLostException lostException() {
        return transport.lostException();
    }

    // ---- OMB's endpoints ----

    @Override
    public void initializeDriver(File driverConfigFile) throws IOException {
        HttpResponse<byte[]> response = call("POST", WorkerProtocol.INITIALIZE_DRIVER, Files.readAllBytes(driverConfigFile.toPath()),
                COMMAND_TIMEOUT, driverConfigFile.getName());
        response.headers().firstValue(WorkerProtocol.SESSION).ifPresent(transport::session);
    }

    @Override
    public List<String> createTopics(TopicsInfo topicsInfo) throws IOException {
        return parse(post(WorkerProtocol.CREATE_TOPICS, JSON.writeValueAsBytes(topicsInfo)), new TypeReference<>() {});
    }

    @Override
    public void createProducers(List<String> topics) throws IOException {
        post(WorkerProtocol.CREATE_PRODUCERS, JSON.writeValueAsBytes(topics));
    }

    @Override
    public void createConsumers(ConsumerAssignment consumerAssignment) throws IOException {
        post(WorkerProtocol.CREATE_CONSUMERS, JSON.writeValueAsBytes(consumerAssignment));
    }

    @Override
    public void probeProducers() throws IOException {
        post(WorkerProtocol.PROBE_PRODUCERS, null);
    }

    @Override
    public void startLoad(ProducerWorkAssignment assignment) throws IOException {
        String features = WireJson.mqbenchFeaturesUsed(assignment.maxOutstandingSends, assignment.batchSizeMin, assignment.batchSizeMax);
        if (!identity.mqbench() && features != null) {
            throw new UserError(id() + " is an upstream OMB worker, which would silently ignore " + features
                    + ": run bin/benchmark-worker there, or leave it out of the workload");
        }
        post(WorkerProtocol.START_LOAD, JSON.writeValueAsBytes(WireJson.startLoadBody(assignment)));
    }

    @Override
    public void adjustPublishRate(double publishRate) throws IOException {
        post(WorkerProtocol.ADJUST_PUBLISH_RATE, JSON.writeValueAsBytes(publishRate));
    }

    @Override
    public void pauseConsumers() throws IOException {
        post(WorkerProtocol.PAUSE_CONSUMERS, null);
    }

    @Override
    public void resumeConsumers() throws IOException {
        post(WorkerProtocol.RESUME_CONSUMERS, null);
    }

    @Override
    public CountersStats getCountersStats() throws IOException {
        CountersStats counters = get(WorkerProtocol.COUNTERS_STATS, CountersStats.class);
        if (!identity.mqbench()) {
            // An OMB worker counts probe messages as messages; OMB's coordinator waits on those.
            counters.probesReceived = counters.messagesReceived;
        }
        return counters;
    }

    @Override
    public PeriodStats getPeriodStats() throws IOException {
        return get(WorkerProtocol.PERIOD_STATS, PeriodStats.class);
    }

    @Override
    public CumulativeLatencies getCumulativeLatencies() throws IOException {
        return get(WorkerProtocol.CUMULATIVE_LATENCIES, CumulativeLatencies.class);
    }

    @Override
    public void resetStats() throws IOException {
        post(WorkerProtocol.RESET_STATS, null);
    }

    /** Never throws: the run is ending either way; a worker that cannot be told is logged. */
    @Override
    public void stopAll() {
        if (transport.lostReason() != null) {
            return;
        }
        try {
            call("POST", WorkerProtocol.STOP_ALL, null, STOP_TIMEOUT, null);
        } catch (IOException | RuntimeException e) {
            log.warn("could not stop {}: {}", id(), e.getMessage());
        }
    }

    // ---- mqbench's endpoints ----

    @Override
    public void stopLoad(long maxWaitMillis) throws IOException {
        requireMqbench("stop sending while its consumers go on");
        post(WorkerProtocol.STOP_LOAD, JSON.writeValueAsBytes(Map.of("maxWaitMillis", maxWaitMillis)));
    }

    @Override
    public DeliveryReport getDeliveryReport() throws IOException {
        requireMqbench("report delivery ledgers");
        return get(WorkerProtocol.DELIVERY_REPORT, DeliveryReportWire.class).toReport();
    }

    @Override
    public Map<String, Long> getSendErrors() throws IOException {
        return identity.mqbench() ? parse(get(WorkerProtocol.SEND_ERRORS), new TypeReference<>() {}) : Map.of();
    }

    @Override
    public List<ProcessLoad> processLoad() throws IOException {
        if (!identity.mqbench()) {
            return List.of();
        }
        return List.of(get(WorkerProtocol.PROCESS_LOAD, ProcessLoad.class).named(id()));
    }

    @Override
    public Map<String, String> getDriverMetadata() throws IOException {
        return identity.mqbench() ? parse(get(WorkerProtocol.DRIVER_METADATA), new TypeReference<>() {}) : Map.of();
    }

    /** Reads the worker's clock once: (sent, worker time, received), all in epoch microseconds. */
    public long[] readClock() throws IOException {
        requireMqbench("tell its time");
        long sent = MicrosClock.nowMicros();
        byte[] body = transport.getBlocking(WorkerProtocol.CLOCK, PING_TIMEOUT);
        long received = MicrosClock.nowMicros();
        JsonNode clock = JSON.readTree(body);
        checkInstance(clock.path("instance").asText(null));
        return new long[] {sent, clock.path("epochMicros").asLong(), received};
    }

    /**
     * One heartbeat: a cheap request that also tells whether the worker was restarted (its instance
     * changed). Completes normally when the worker answered as expected.
     */
    public CompletableFuture<Void> ping() {
        String path = identity.mqbench() ? WorkerProtocol.CLOCK : WorkerProtocol.COUNTERS_STATS;
        return transport.sendAsync("GET", path, null, PING_TIMEOUT).thenAccept(response -> {
            if (response.statusCode() == 200 && identity.mqbench()) {
                try {
                    checkInstance(JSON.readTree(response.body()).path("instance").asText(null));
                } catch (IOException e) {
                    throw new IllegalStateException("unreadable answer to " + path, e);
                }
            } else if (response.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + response.statusCode() + " on " + path);
            }
        });
    }

    private void checkInstance(String instance) {
        if (identity.instance() != null && instance != null && !identity.instance().equals(instance)) {
            transport.markLost("was restarted during the run (process " + identity.instance() + " is now " + instance + ")");
        }
    }

    private void requireMqbench(String what) throws IOException {
        if (!identity.mqbench()) {
            throw new IOException(id() + " is an upstream OMB worker: it cannot " + what);
        }
    }

    // ---- requests and their failures ----

    private byte[] post(String path, byte[] body) throws IOException {
        return call("POST", path, body, COMMAND_TIMEOUT, null).body();
    }

    private byte[] get(String path) throws IOException {
        return call("GET", path, null, STATS_TIMEOUT, null).body();
    }

    private <T> T get(String path, Class<T> type) throws IOException {
        try {
            return JSON.readValue(get(path), type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException(id() + path + " answered with an unreadable " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    private <T> T parse(byte[] body, TypeReference<T> type) throws IOException {
        return JSON.readValue(body, type);
    }

    private HttpResponse<byte[]> call(String method, String path, byte[] body, Duration timeout, String driverFileName) throws IOException {
        HttpResponse<byte[]> response = driverFileName == null
                ? transport.send(method, path, body, timeout)
                : transport.sendDriverFile(path, body, timeout, driverFileName);
        if (response.statusCode() == 200) {
            return response;
        }
        throw WorkerErrors.fromResponse(this, method, path, response, transport.sendsToken());
    }
}
