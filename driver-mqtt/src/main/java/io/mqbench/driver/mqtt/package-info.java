/**
 * The MQTT 5 driver ({@code MqttBenchmarkDriver}): a benchmark topic is an MQTT topic under {@code
 * topicPrefix}, a subscription a shared subscription, every producer and consumer a client of its
 * own, and the QoS the delivery guarantee. Uses driver-api, driver-support, the HiveMQ MQTT
 * client, Jackson's annotations and slf4j; never benchmark-framework (its tests only) nor another
 * driver module.
 */
package io.mqbench.driver.mqtt;
