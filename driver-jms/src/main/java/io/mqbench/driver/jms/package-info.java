/**
 * Not a driver by itself: the JMS 2.0 driver core that the Artemis, ActiveMQ Classic and AMQP 1.0
 * drivers share ({@code JmsBenchmarkDriver}, its producers, consumers, acknowledgements, pending
 * async sends and settings), so that their results differ only by broker, protocol and client.
 * What differs per broker comes from the {@code JmsProvider} a subclass opens. Uses driver-api,
 * driver-support, the {@code javax.jms} API and slf4j; never a broker's client library, another
 * driver module or benchmark-framework.
 */
package io.mqbench.driver.jms;
