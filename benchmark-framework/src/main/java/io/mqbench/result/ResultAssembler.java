package io.mqbench.result;

import io.mqbench.delivery.DeliverySummary;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.stats.PeriodStats;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one writer of a run's {@link TestResult}: the phases compute their values and hand them over
 * here, through a method named for what it records, and read the result only. What the run is comes
 * first ({@link #describe}), then what the phases found as they find it, the measured window period
 * by period, and at the end the status ({@link #finish}). A value a phase fills as it goes (the rate
 * search's trials, the backlog phase) is handed over when it is created, so a run stopped halfway
 * keeps what it found so far.
 *
 * <p>The measured window's totals and histograms are summed from its periods ({@link MeasuredWindow}).
 * Units follow OMB: histograms hold microseconds; publish and end-to-end latencies are reported in
 * milliseconds, publish delay in microseconds.
 */
public final class ResultAssembler {
    /** Bytes in a megabyte for MB/s figures: 2^20, as the 2023 paper's charts use. */
    public static final double MB = 1024.0 * 1024.0;

    private final TestResult result = new TestResult();
    private final int subscriptionsPerTopic;
    private MeasuredWindow window = new MeasuredWindow();

    public ResultAssembler(int subscriptionsPerTopic) {
        this.subscriptionsPerTopic = subscriptionsPerTopic;
    }

    /** The result as assembled so far, for reading (a phase that needs an earlier value, the final table). */
    public TestResult result() {
        return result;
    }

    // ---- what the run is, before it starts ----

    /** The static part of the result: what runs, where, since when. */
    public void describe(RunMetadata metadata) {
        metadata.writeTo(result);
    }

    // ---- what the phases found ----

    /** What the driver said of itself. */
    public void driverMetadata(Map<String, String> metadata) {
        result.driverMetadata = metadata;
    }

    /** One more thing that makes a figure less than it seems; see {@link TestResult#warnings}. */
    public void warning(String text) {
        if (result.warnings == null) {
            result.warnings = new ArrayList<>();
        }
        result.warnings.add(text);
    }

    /** How long a fixed-rate warm-up went on for producers that were behind their schedule. */
    public void warmUpExtendedSeconds(double seconds) {
        result.warmUpExtendedSeconds = result.warmUpExtendedSeconds == null ? seconds : result.warmUpExtendedSeconds + seconds;
    }

    /** How long a fixed-rate warm-up went on for consumers that were behind the producers. */
    public void warmUpConsumerCatchUpSeconds(double seconds) {
        result.warmUpConsumerCatchUpSeconds = seconds;
    }

    /** Whether latency had settled when a fixed-rate run's measured phase began. */
    public void latencySettling(TestResult.LatencySettling judged) {
        result.latencySettling = judged;
    }

    /** The rate search's record, handed over as the search starts; the search and the measured phase fill it. */
    public void rateDiscovery(TestResult.RateDiscovery discovery) {
        result.rateDiscovery = discovery;
    }

    /** The backlog mode's record, handed over as the phase starts; the phase fills it. */
    public void backlogPhase(TestResult.BacklogPhase phase) {
        result.backlogPhase = phase;
    }

    /** A count-bounded run: the count asked for, as its measured phase starts. */
    public void messageCount(long count) {
        result.messageCount = count;
    }

    /** A count-bounded run: whether the count was received within the limit. */
    public void messageCountReached(boolean reached) {
        result.messageCountReached = reached;
    }

    /** The fault schedule as it ran; the delivery check adds the missing messages around each fault later. */
    public void faults(List<FaultRecord> records) {
        result.faults = records;
    }

    public void delivery(DeliverySummary delivery) {
        result.delivery = delivery;
    }

    /** Send errors by kind; none is absent from the result. */
    public void sendErrors(Map<String, Long> errors) {
        result.sendErrors = errors.isEmpty() ? null : errors;
    }

    /**
     * The workers' own load, and whether the client may have set the figures (it did if the load
     * names a reason); both absent when no worker could tell.
     */
    public void clientLoad(TestResult.ClientLoad load) {
        result.clientLoad = load;
        result.clientBound = load == null ? null : !load.reasons.isEmpty();
    }

    /**
     * How the run was spread over workers and how far their clocks could bend it. Remote workers'
     * own reports (what each ran, its clock, its measurements) replace the line the description gave
     * the local worker; without reports that line stays.
     */
    public void workers(String placement, List<WorkerReport> reports, TestResult.Clocks clocks) {
        result.placement = placement;
        result.clocks = clocks;
        if (!reports.isEmpty()) {
            result.workers = reports.stream().map(WorkerReport::summary).toList();
            result.workerDetails = reports;
        }
    }

    // ---- the end ----

    /** A run whose load started, at its end: how it ended, the rate its measured phase was paced at (null: none), and the time. */
    public void finish(RunEnd end, Double targetRate) {
        ended(end);
        result.targetRate = targetRate;
        result.endTime = Instant.now().toString();
    }

    /** A run that ended before its load started: only how (nothing was sent, nothing is saved). */
    public void endedBeforeLoad(RunEnd end) {
        ended(end);
    }

    private void ended(RunEnd end) {
        result.status = end.status().label();
        result.statusReason = end.reason();
    }

    // ---- the measured window ----

    /** Adds one measured period that lasted {@code seconds}. */
    public void addPeriod(PeriodStats stats, double seconds) {
        result.periodSeconds.add(Rounding.round(seconds, 3));
        result.publishRate.add(stats.messagesSent / seconds);
        result.publishErrorRate.add(stats.messageSendErrors / seconds);
        result.consumeRate.add(stats.messagesReceived / seconds);
        result.backlog.add(backlog(stats.totalMessagesSent, stats.totalMessagesReceived));

        LatencyFields.addPeriod(result, LatencyFields.Latency.PUBLISH, stats.publishLatency);
        LatencyFields.addPeriod(result, LatencyFields.Latency.PUBLISH_DELAY, stats.publishDelayLatency);
        LatencyFields.addPeriod(result, LatencyFields.Latency.END_TO_END, stats.endToEndLatency);
        window.add(stats);
    }

    /** Adds one second of the measured phase (see {@link SecondSamples}), which ended {@code endSecond} into it. */
    public void addSample(PeriodStats stats, double seconds, double endSecond) {
        if (result.samples == null) {
            result.samples = new SecondSamples();
        }
        result.samples.add(stats, seconds, endSecond, backlog(stats.totalMessagesSent, stats.totalMessagesReceived));
    }

    /** The histograms of the periods added so far (the caller must not change them). */
    public CumulativeLatencies measuredLatencies() {
        return window.latencies();
    }

    /** Forgets every period added so far: the measured phase starts again (a retry at another rate). */
    public void discardPeriods() {
        for (List<?> list : List.of(result.periodSeconds, result.publishRate, result.publishErrorRate, result.consumeRate,
                result.backlog)) {
            list.clear();
        }
        LatencyFields.clearPeriods(result);
        result.samples = null;
        window = new MeasuredWindow();
    }

    /**
     * The aggregated values, quantile maps and encoded histograms of the measured window, from the
     * periods added so far.
     *
     * @param negativeEndToEndLatencies what the workers counted (they alone know it); 0 if unknown
     */
    public void aggregate(long negativeEndToEndLatencies) {
        window.aggregateInto(result);
        result.negativeEndToEndLatencies = negativeEndToEndLatencies;
    }

    /** Means over the whole measured window (total / time) and the spread of the periods. */
    public void summarize() {
        double seconds = result.periodSeconds.stream().mapToDouble(Double::doubleValue).sum();
        result.summary = window.summary(Rounding.round(seconds, 3), result.publishRate, result.consumeRate);
    }

    public long backlog(long totalSent, long totalReceived) {
        return Math.max(0, totalSent * subscriptionsPerTopic - totalReceived);
    }

    /** Microseconds (what the histograms hold) to the milliseconds OMB reports publish and end-to-end latency in. */
    static double millis(double micros) {
        return micros / 1000.0;
    }
}
