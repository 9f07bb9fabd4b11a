/**
 * The bodies of OMB's worker endpoints that start things (topics, producer and consumer
 * assignments), with OMB's field names. Uses {@code workload}.
 */
package io.mqbench.worker.commands;
