/**
 * The Amazon SQS driver ({@code SqsBenchmarkDriver}), for AWS or an SQS-compatible server: a
 * subscription is a queue, a producer sends each message to every subscription queue of its topic
 * in batches, a consumer long-polls, calls back and deletes. Uses driver-api, driver-support, the
 * AWS SDK for Java v2 (its SQS async client, with the CRT or the Netty HTTP client) and slf4j;
 * never benchmark-framework (its tests only) nor another driver module.
 */
package io.mqbench.driver.sqs;
