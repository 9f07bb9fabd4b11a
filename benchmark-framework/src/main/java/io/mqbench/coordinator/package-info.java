/**
 * One run, phase by phase, against a {@code worker.Worker} (local or an ensemble of remote
 * ones): the load monitor, the measured-phase strategies, the delivery check, the console. Uses
 * the model packages ({@code config}, {@code workload}, {@code stats}, {@code delivery},
 * {@code result}, {@code faults}), {@code worker} and {@code worker.commands}; never the
 * transport ({@code worker.remote}, {@code worker.server}).
 */
package io.mqbench.coordinator;
