/**
 * The RabbitMQ driver over AMQP 0-9-1 ({@code RabbitMqBenchmarkDriver}): a topic is an exchange
 * per partition, a subscription a queue per partition bound to it (classic, quorum or stream),
 * with publisher confirms in a window, manual or automatic acks, and OMB's RabbitMQ YAML keys.
 * Uses driver-api, driver-support, the official client (com.rabbitmq:amqp-client) and slf4j; never
 * benchmark-framework (its tests only) nor another driver module.
 */
package io.mqbench.driver.rabbitmq;
