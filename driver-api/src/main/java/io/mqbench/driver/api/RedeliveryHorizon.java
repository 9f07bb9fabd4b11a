package io.mqbench.driver.api;

import java.time.Duration;

/**
 * Optional: how long this broker may take to deliver a message again after a delivery that was not
 * acknowledged: a visibility timeout, a lease, the idle time before a pending entry is claimed, a
 * consumer group's session timeout before a rebalance hands a partition on.
 *
 * <p>A {@link io.openmessaging.benchmark.driver.BenchmarkDriver} may implement this in addition; it
 * is asked after {@code initialize}. After the load stops, the harness waits for confirmed messages
 * that have not arrived until nothing has arrived for at least this long (and at least a few
 * seconds) before it calls them lost; a driver that does not implement it gets the harness's
 * default (10 s). Return the longest such delay the driver's settings allow.
 */
public interface RedeliveryHorizon {

    Duration redeliveryHorizon();
}
