/**
 * The worker's Prometheus metrics (client_java's data model): a collector that reads a {@code
 * LocalWorker}'s runs at scrape time, and the page it is written to. Used by the worker's stats
 * port and by {@code bin/benchmark --metrics-port}. Uses {@code worker} and {@code stats}.
 */
package io.mqbench.metrics;
