/**
 * The Apache RocketMQ driver ({@code RocketMqBenchmarkDriver}): topics created on the cluster's
 * master brokers through the admin client, one shared asynchronous producer, a consumer group of
 * push consumers per subscription, and the topics and groups deleted on close. Uses driver-api,
 * driver-support, the official remoting client (rocketmq-client), its admin tool (rocketmq-tools)
 * and slf4j; never benchmark-framework (its tests only) nor another driver module.
 */
package io.mqbench.driver.rocketmq;
