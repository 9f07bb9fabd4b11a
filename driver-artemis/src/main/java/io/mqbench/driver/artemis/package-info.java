/**
 * The ActiveMQ Artemis driver ({@code ArtemisBenchmarkDriver}): driver-jms's core with Artemis'
 * JMS client as the provider, a topic as a multicast address and a subscription as a shared JMS
 * subscription, plus broker administration over a core-protocol session ({@code ArtemisAdmin}).
 * With {@code clientApi: core} it takes its producers and consumers from {@code artemis.core}
 * instead, which in turn reads this package's {@code ArtemisSettings}. Uses driver-jms,
 * driver-api, driver-support, artemis-jms-client (with the core client beneath it) and slf4j;
 * never {@code artemis.classic} nor benchmark-framework (its tests only).
 */
package io.mqbench.driver.artemis;
