package io.mqbench.metrics;

import io.prometheus.metrics.model.snapshots.Labels;

/**
 * The labels of a run's series. {@code workload} is empty on a remote worker: OMB's protocol
 * never tells a worker the workload's name (Prometheus treats an empty label as absent).
 * {@code worker} is the worker's id ({@code local}, or {@code worker@<bind>:<port>}).
 */
record RunLabels(String driver, String workload, String worker) {
    Labels labels() {
        return Labels.of("driver", driver, "workload", workload, "worker", worker);
    }

    Labels with(String name, String value) {
        return labels().add(name, value);
    }
}
