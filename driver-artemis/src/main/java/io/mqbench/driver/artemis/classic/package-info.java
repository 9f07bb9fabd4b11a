/**
 * ActiveMQ Classic 5.x over OpenWire ({@code ActiveMqClassicBenchmarkDriver}): the same JMS
 * producers and consumers as the Artemis driver, with a topic as a virtual topic, a subscription
 * as its consumer queue, and the 5.x client's own callback for async sends. Uses driver-jms and
 * activemq-client (with slf4j); nothing of the Artemis packages beside it, and never
 * benchmark-framework (its tests only).
 */
package io.mqbench.driver.artemis.classic;
