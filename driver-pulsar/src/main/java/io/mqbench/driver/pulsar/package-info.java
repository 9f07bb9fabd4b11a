/**
 * The Apache Pulsar driver ({@code PulsarBenchmarkDriver}): a namespace of its own with the file's
 * persistence policy, partitioned topics for more than one partition, asynchronous sends, a
 * subscription of the configured type and a receiving thread per consumer, and the namespace's
 * deletion on close. Uses driver-api, driver-support, the official shaded client (pulsar-client)
 * and its admin client (pulsar-client-admin) and slf4j; never benchmark-framework (its tests only)
 * nor another driver module.
 */
package io.mqbench.driver.pulsar;
