/**
 * The AMQP 1.0 driver ({@code AmqpBenchmarkDriver}): driver-jms's core with Apache Qpid JMS as the
 * provider, and a mapping of topics and subscriptions to nodes per broker ({@code JmsNodes} for
 * Artemis, {@code RabbitMqNodes} for RabbitMQ 3.x's AMQP 1.0 plugin). Uses driver-jms (and through
 * it the OMB SPI), driver-support, qpid-jms-client, RabbitMQ's amqp-client (only to declare
 * exchanges, queues and bindings over AMQP 0-9-1, which that plugin cannot do) and slf4j; never
 * benchmark-framework (its tests only) nor a driver module other than driver-jms.
 */
package io.mqbench.driver.amqp;
