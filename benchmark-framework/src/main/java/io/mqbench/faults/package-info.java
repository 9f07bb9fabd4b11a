/**
 * Running a workload's fault schedule during the measured phase through {@code bin/brokers}, and
 * the recovery figures of each fault. Uses {@code config}, {@code workload}, {@code stats} and
 * {@code result}.
 */
package io.mqbench.faults;
