/**
 * What every driver and the harness need alike, written once: strict reading of a driver's YAML
 * file with one-line errors ({@code DriverSettings}, {@code YamlErrors}, {@code Choices}),
 * durations and byte rates as people type them, the threads clients are created on, the clients a
 * driver must close, a producer's window of unacknowledged sends, the gate a paused consumer waits
 * at, instance ids, the client library's version and the diagnosis of two versions of one on a
 * classpath. Uses Jackson (databind and its YAML format) and slf4j-api only; never driver-api,
 * benchmark-framework or any broker's client library, so that both drivers and the framework can
 * depend on it.
 */
package io.mqbench.driver.support;
