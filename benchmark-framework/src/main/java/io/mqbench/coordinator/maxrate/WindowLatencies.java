package io.mqbench.coordinator.maxrate;

import org.HdrHistogram.Histogram;

/** Publish and end-to-end latencies recorded over one window, in microseconds. */
public record WindowLatencies(Histogram publish, Histogram endToEnd) {}
