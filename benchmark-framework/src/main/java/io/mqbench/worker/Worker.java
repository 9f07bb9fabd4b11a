package io.mqbench.worker;

import io.mqbench.delivery.DeliveryReport;
import io.mqbench.result.ClockOffset;
import io.mqbench.result.WorkerReport;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.PeriodStats;
import io.mqbench.worker.commands.ConsumerAssignment;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import io.mqbench.worker.commands.TopicsInfo;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * What the coordinator asks of a worker. The first group mirrors OpenMessaging Benchmark's worker
 * endpoints one to one ({@code /initialize-driver} ... {@code /reset-stats}), so a worker in this
 * process and one across the network behave alike. The last group is mqbench's: a worker that
 * cannot do it (an upstream OMB worker) says so and the run goes on without that feature.
 */
public interface Worker extends AutoCloseable {

    void initializeDriver(File driverConfigFile) throws IOException;

    /** Creates topics and returns their names. */
    List<String> createTopics(TopicsInfo topicsInfo) throws IOException;

    /** Creates one producer per entry (a topic may appear several times). */
    void createProducers(List<String> topics) throws IOException;

    void createConsumers(ConsumerAssignment consumerAssignment) throws IOException;

    /** Every producer sends one probe message; see {@link CountersStats#probesReceived}. */
    void probeProducers() throws IOException;

    void startLoad(ProducerWorkAssignment producerWorkAssignment) throws IOException;

    void adjustPublishRate(double publishRate) throws IOException;

    void pauseConsumers() throws IOException;

    void resumeConsumers() throws IOException;

    CountersStats getCountersStats() throws IOException;

    PeriodStats getPeriodStats() throws IOException;

    CumulativeLatencies getCumulativeLatencies() throws IOException;

    void resetStats() throws IOException;

    /**
     * Opens a new period window now, dropping what was counted since the last {@link
     * #getPeriodStats}: a phase's first period then starts where the phase does. (An upstream OMB
     * worker's {@code /reset-stats} clears only its latencies, so its counters would otherwise
     * run on from the previous phase's last period.)
     */
    default void startPeriod() throws IOException {
        getPeriodStats();
    }

    /** Stops the load and closes consumers, producers and the driver. */
    void stopAll();

    String id();

    // ---- mqbench additions ----

    /**
     * Stops sending but keeps consumers running, so the coordinator can wait until everything sent
     * has arrived before counting losses. Waits up to {@code maxWaitMillis} for sends in flight.
     */
    void stopLoad(long maxWaitMillis) throws IOException;

    /** The worker's delivery ledgers, to be merged by the coordinator. */
    DeliveryReport getDeliveryReport() throws IOException;

    /** Send errors by kind, with counts. */
    Map<String, Long> getSendErrors() throws IOException;

    /** Facts the driver gave about itself (client version, broker version), if any. */
    Map<String, String> getDriverMetadata() throws IOException;

    /**
     * Each worker process's own load now (CPU time, GC time, heap), for the client's cost and the
     * saturation guard; empty when no worker can tell (upstream OMB workers).
     */
    default List<ProcessLoad> processLoad() throws IOException {
        return List.of();
    }

    // ---- mqbench additions for workers on other hosts; a worker in this process needs none ----

    /** How the run is spread over workers: {@code local}, {@code split} or {@code colocated}. */
    default String placement() {
        return "local";
    }

    /**
     * Each remote worker's clock offset from this process, estimated now. Empty when every worker
     * shares this process's clock.
     */
    default List<ClockOffset> estimateClockOffsets() throws IOException {
        return List.of();
    }

    /**
     * One report per worker that took part: what it ran and what it measured. Empty for a worker
     * in this process, whose numbers are the result's own.
     */
    default List<WorkerReport> workerReports() {
        return List.of();
    }

    /**
     * Why lost and duplicated messages cannot be counted over these workers (one is an upstream
     * OMB worker without delivery ledgers, or one was lost during the run); null when they can.
     */
    default String deliveryUnavailableReason() {
        return null;
    }

    @Override
    default void close() {
        stopAll();
    }
}
