/**
 * The Redis driver ({@code RedisBenchmarkDriver}), on a standalone server or a cluster, in one of
 * two modes: streams with consumer groups (at least once, pausable) or pub/sub (at most once).
 * Partition {@code p} of topic {@code T} is the stream or channel {@code T:p}. Uses driver-api,
 * driver-support, the Jedis client (with commons-pool2 for its connection pools), Jackson's
 * annotations and slf4j; never benchmark-framework (its tests only) nor another driver module.
 */
package io.mqbench.driver.redis;
