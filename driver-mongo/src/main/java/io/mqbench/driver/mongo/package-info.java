/**
 * MongoDB as a durable queue ({@code MongoBenchmarkDriver}): every subscription is a collection
 * the producers insert each message into; consumers claim messages with an atomic find-and-modify
 * that leases them and acknowledge by deleting them; the write concern sets the send guarantee.
 * Uses driver-api, driver-support, the official synchronous client (mongodb-driver-sync, with
 * BSON) and slf4j; never benchmark-framework (its tests only) nor another driver module.
 */
package io.mqbench.driver.mongo;
