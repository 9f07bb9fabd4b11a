/**
 * An in-memory broker inside the worker process ({@code LoopbackBenchmarkDriver}): topics with
 * partitions, subscriptions that each get every message, consumers that share a subscription's
 * partitions, with optional injected latency, loss, duplication, send errors, capacities and
 * stalls. It is the harness's test bench and the measure of its own overhead, not a broker
 * benchmark. Uses driver-api (the SPI and the optional interfaces, {@code InProcessBroker} among
 * them), driver-support and Jackson's annotations; no network and no client library. Never
 * benchmark-framework: the framework's tests use this driver, not the other way round.
 */
package io.mqbench.driver.loopback;
