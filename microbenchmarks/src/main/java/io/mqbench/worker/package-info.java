/**
 * JMH benchmarks of the load engine's per-message work: the send path through a producer slot with
 * a driver that costs nothing, the receive path through the callback every driver calls, and the
 * pacing decision. They sit in the framework's {@code worker} package to reach its package-private
 * send and receive paths. Uses that package and {@code delivery}, {@code stats} and {@code
 * workload} of benchmark-framework, driver-support's {@code PauseGate}, the OMB SPI, {@code bench}
 * and JMH; nothing in the framework uses them.
 */
package io.mqbench.worker;
