/**
 * The NATS driver ({@code NatsBenchmarkDriver}), in JetStream mode (a topic is a stream with a
 * subject per partition, a subscription a durable pull consumer, at least once) or core mode (a
 * subject and a queue group, at most once), with a connection per producer and per consumer. Uses
 * driver-api, driver-support, the official client (jnats) and slf4j; never benchmark-framework
 * (its tests only) nor another driver module.
 */
package io.mqbench.driver.nats;
