package io.mqbench.driver.api;

import java.util.Map;

/**
 * Optional: facts a driver can tell about itself for the result file, such as the client library
 * version and the version the broker reported. A {@link
 * io.openmessaging.benchmark.driver.BenchmarkDriver} may implement this in addition; it is asked
 * after {@code initialize}. Values must never contain secrets.
 */
public interface DriverMetadata {

    /** For example {@code {"clientLibrary": "kafka-clients 4.1.1", "brokerVersion": "3.9.1"}}. */
    Map<String, String> metadata();
}
