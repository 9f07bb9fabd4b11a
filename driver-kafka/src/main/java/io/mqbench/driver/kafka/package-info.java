/**
 * The Apache Kafka driver ({@code KafkaBenchmarkDriver}): topics through the AdminClient, a
 * KafkaProducer per benchmark producer (a transactional one when the file asks for transactions),
 * a KafkaConsumer with its own poll thread per consumer, the subscription as consumer group, and
 * OMB's Kafka driver YAML keys. Uses driver-api, driver-support, the official client
 * (kafka-clients), Jackson's annotations and slf4j; never benchmark-framework (its tests only) nor
 * another driver module.
 */
package io.mqbench.driver.kafka;
