/**
 * Optional interfaces a driver may implement besides the OpenMessaging Benchmark SPI. The harness
 * detects them with {@code instanceof}, so a driver that ignores them still runs everywhere, and a
 * driver that implements them still loads in an upstream OMB worker.
 */
package io.mqbench.driver.api;
