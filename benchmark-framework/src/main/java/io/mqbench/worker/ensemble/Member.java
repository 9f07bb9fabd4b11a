package io.mqbench.worker.ensemble;

import io.mqbench.result.ClockOffset;
import io.mqbench.result.WorkerReport;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.HistogramCodec;
import io.mqbench.stats.PeriodStats;
import io.mqbench.worker.remote.HttpWorker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One worker of an ensemble and what the ensemble keeps about it: its role, what it was given to
 * run, its clock, and what it measured since the last stats reset. This is what the result's
 * per-worker reports are made of, so that the merged numbers can be checked against their parts.
 */
final class Member {
    private final HttpWorker worker;
    private final String role;
    final boolean produces;
    final boolean consumes;
    final List<String> topicsCreated = new ArrayList<>();
    final Map<String, Integer> producersByTopic = new TreeMap<>();
    final Map<String, Integer> consumersBySubscription = new TreeMap<>();
    private int producers;
    private int consumers;
    /** The clock's offset at the start of the run, and at its end. */
    private ClockOffset clock;
    private ClockOffset clockAtEnd;
    private long sent;
    private long received;
    private long sendErrors;
    private long bytesSent;
    private long bytesReceived;
    /** The sum of the measured periods' histograms, like the result's (see ResultAssembler). */
    private CumulativeLatencies measured = new CumulativeLatencies();
    private Long negativeEndToEndLatencies;
    private boolean lossReported;

    Member(HttpWorker worker, String role, boolean produces, boolean consumes) {
        this.worker = worker;
        this.role = role;
        this.produces = produces;
        this.consumes = consumes;
    }

    HttpWorker worker() {
        return worker;
    }

    boolean active() {
        return worker.lostReason() == null;
    }

    /** True the first time a loss is noticed, so the run fails once and then goes on without it. */
    synchronized boolean lossToReport() {
        if (worker.lostReason() == null || lossReported) {
            return false;
        }
        lossReported = true;
        return true;
    }

    synchronized void lossReported() {
        lossReported = true;
    }

    void addProducers(List<String> topics) {
        topics.forEach(topic -> producersByTopic.merge(topic, 1, Integer::sum));
        producers += topics.size();
    }

    void addConsumers(List<String> subscriptionKeys) {
        subscriptionKeys.forEach(key -> consumersBySubscription.merge(key, 1, Integer::sum));
        consumers += subscriptionKeys.size();
    }

    int producers() {
        return producers;
    }

    int consumers() {
        return consumers;
    }

    /** The first estimate of a run is its start's; a later one its end's. */
    void clock(ClockOffset offset) {
        if (clock == null) {
            clock = offset;
        } else {
            clockAtEnd = offset;
        }
    }

    synchronized void addPeriod(PeriodStats period) {
        sent += period.messagesSent;
        received += period.messagesReceived;
        sendErrors += period.messageSendErrors;
        bytesSent += period.bytesSent;
        bytesReceived += period.bytesReceived;
        measured.add(period.publishLatency, period.publishDelayLatency, period.endToEndLatency);
    }

    synchronized void resetMeasured() {
        sent = received = sendErrors = bytesSent = bytesReceived = 0;
        measured = new CumulativeLatencies();
        negativeEndToEndLatencies = null;
    }

    /** What the worker counted since the reset; its histograms are not used (see {@link #measured}). */
    synchronized void latencies(CumulativeLatencies cumulative) {
        negativeEndToEndLatencies = cumulative.negativeEndToEndLatencies;
    }

    synchronized WorkerReport report() {
        WorkerReport report = new WorkerReport();
        report.worker = worker.id();
        report.kind = worker.identity().kind();
        report.role = role;
        report.status = worker.lostReason() == null ? "ok" : "lost: " + worker.lostReason();
        report.topicsCreated = List.copyOf(topicsCreated);
        report.producersByTopic.putAll(producersByTopic);
        report.consumersBySubscription.putAll(consumersBySubscription);
        report.clock = clock;
        report.clockAtEnd = clockAtEnd;
        report.messagesSent = sent;
        report.messagesReceived = received;
        report.messageSendErrors = sendErrors;
        report.bytesSent = bytesSent;
        report.bytesReceived = bytesReceived;
        if (negativeEndToEndLatencies != null) {
            report.negativeEndToEndLatencies = negativeEndToEndLatencies;
        }
        // Also for a worker lost during the run: its measured periods are in the result's totals.
        report.histograms.put("unit", "microseconds");
        report.histograms.put("publishLatency", HistogramCodec.encode(measured.publishLatency));
        report.histograms.put("publishDelayLatency", HistogramCodec.encode(measured.publishDelayLatency));
        report.histograms.put("endToEndLatency", HistogramCodec.encode(measured.endToEndLatency));
        return report;
    }
}
