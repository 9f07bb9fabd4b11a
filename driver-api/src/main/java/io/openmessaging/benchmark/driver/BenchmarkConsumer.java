package io.openmessaging.benchmark.driver;

/**
 * A consumer created by a driver. It delivers messages to the {@link ConsumerCallback} given at
 * creation and stops when closed. Part of the OpenMessaging Benchmark SPI: keep binary compatible.
 */
public interface BenchmarkConsumer extends AutoCloseable {}
