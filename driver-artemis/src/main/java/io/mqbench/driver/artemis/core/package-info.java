/**
 * The Artemis driver's producers and consumers on Artemis' core client API ({@code clientApi:
 * core}), each with its own connection and session, on the same queues as the JMS path and with
 * the same ack modes, send window and connection-loss handling. Uses artemis-core-client,
 * driver-jms's shared pieces (pending sends, producer and consumer events, publish timestamps,
 * settings), the Artemis settings of {@code io.mqbench.driver.artemis}, driver-api and slf4j;
 * never benchmark-framework (its tests only).
 */
package io.mqbench.driver.artemis.core;
