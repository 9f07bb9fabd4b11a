package io.mqbench.metrics;

import io.mqbench.Version;
import io.mqbench.stats.CountersStats;
import io.mqbench.stats.CumulativeLatencies;
import io.mqbench.worker.WorkerRun;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot.InfoDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * The worker's metric families, named as Prometheus asks (the unit last, {@code _total} for
 * counters, seconds for time). client_java's snapshots add the suffixes: {@code
 * mqbench_worker_messages_sent} is written {@code mqbench_worker_messages_sent_total}, {@code
 * mqbench_worker} {@code mqbench_worker_info}.
 */
final class MetricFamilies {
    static final String PREFIX = "mqbench_worker";

    private MetricFamilies() {}

    /**
     * @param totals every set of labels seen, finished runs and the running one together
     * @param running the run going on and its labels, or null
     */
    static MetricSnapshots of(String instance, Map<RunLabels, RunTotals> totals, WorkerRun running, RunLabels runningLabels) {
        MetricSnapshots.Builder page = MetricSnapshots.builder()
                .metricSnapshot(InfoSnapshot.builder().name(PREFIX).help("This worker: mqbench version and process instance.")
                        .dataPoint(InfoDataPointSnapshot.builder().labels(Labels.of("version", Version.current(), "instance", instance)).build())
                        .build())
                .metricSnapshot(gauge(PREFIX + "_busy", "1 while the worker has a run (a driver started, not yet stopped).",
                        Labels.EMPTY, running == null ? 0 : 1))
                .metricSnapshot(counter(PREFIX + "_messages_sent", "Sends the broker acknowledged, probe messages included.",
                        totals, c -> c.messagesSent))
                .metricSnapshot(counter(PREFIX + "_messages_received", "Messages consumers received, probe messages included.",
                        totals, c -> c.messagesReceived))
                .metricSnapshot(counter(PREFIX + "_message_send_errors", "Sends that failed.", totals, c -> c.messageSendErrors))
                .metricSnapshot(histogram(PREFIX + "_publish_latency_seconds", "Send to the broker's acknowledgement.",
                        totals, l -> l.publishLatency))
                .metricSnapshot(histogram(PREFIX + "_publish_delay_seconds",
                        "Intended send time to actual send time (the load generator falling behind).", totals, l -> l.publishDelayLatency))
                .metricSnapshot(histogram(PREFIX + "_end_to_end_latency_seconds", "Send to receipt by a consumer.",
                        totals, l -> l.endToEndLatency));
        if (running != null) {
            page.metricSnapshot(InfoSnapshot.builder().name(PREFIX + "_run").help("The run going on and this worker's role in it.")
                    .dataPoint(InfoDataPointSnapshot.builder().labels(runningLabels.with("role", running.role())).build())
                    .build());
            page.metricSnapshot(gauge(PREFIX + "_target_publish_messages_per_second",
                    "Messages per second this worker's producers are asked for (its share of the workload's rate); 0 when no load runs.",
                    runningLabels.labels(), running.targetPublishRate()));
        }
        return page.build();
    }

    private static GaugeSnapshot gauge(String name, String help, Labels labels, double value) {
        return GaugeSnapshot.builder().name(name).help(help)
                .dataPoint(GaugeDataPointSnapshot.builder().labels(labels).value(value).build())
                .build();
    }

    private static CounterSnapshot counter(String name, String help, Map<RunLabels, RunTotals> totals, ToLongFunction<CountersStats> value) {
        CounterSnapshot.Builder counter = CounterSnapshot.builder().name(name).help(help);
        totals.forEach((labels, run) -> counter.dataPoint(
                CounterDataPointSnapshot.builder().labels(labels.labels()).value(value.applyAsLong(run.counters())).build()));
        return counter.build();
    }

    private static HistogramSnapshot histogram(String name, String help, Map<RunLabels, RunTotals> totals,
            Function<CumulativeLatencies, Histogram> series) {
        HistogramSnapshot.Builder histogram = HistogramSnapshot.builder().name(name).help(help).unit(Unit.SECONDS);
        totals.forEach((labels, run) -> histogram.dataPoint(LatencyBuckets.dataPoint(series.apply(run.latencies()), labels.labels())));
        return histogram.build();
    }
}
