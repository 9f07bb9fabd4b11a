/**
 * The maximum-rate search as a function of what a load probe reports, with no workers, threads
 * or console of its own, so that it can be tested in simulated time. Uses {@code workload},
 * {@code stats} and {@code result}.
 */
package io.mqbench.coordinator.maxrate;
