/**
 * OpenMessaging Benchmark's driver SPI ({@code BenchmarkDriver}, {@code BenchmarkProducer}, {@code
 * BenchmarkConsumer}, {@code ConsumerCallback}), kept in OMB's package with OMB's method
 * signatures and nested value classes, so that a driver built against it runs in an upstream OMB
 * worker and an OMB driver runs in mqbench. {@code SpiSignatureTest} holds the signatures exact;
 * nothing new goes into this package, and mqbench's optional extras live in {@code
 * io.mqbench.driver.api}. Uses only the JDK and bookkeeper-stats-api (the {@code StatsLogger} of
 * {@code initialize}); never another mqbench package. This file is documentation only: it must
 * carry no annotations.
 */
package io.openmessaging.benchmark.driver;
