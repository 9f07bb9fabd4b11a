/**
 * One run, phase by phase, against a {@code worker.Worker} (local or an ensemble of remote
 * ones): the load monitor, the measured-phase strategies, the delivery check, the console. The
 * phases read the result and hand what they find to {@code result.ResultAssembler}, its only
 * writer, through a method named for the field; {@code BenchmarkRun} describes the run to it
 * first and the teardown ends it with the status. Uses
 * the model packages ({@code config}, {@code workload}, {@code stats}, {@code delivery},
 * {@code result}, {@code faults}), {@code worker} and {@code worker.commands}; never the
 * transport ({@code worker.remote}, {@code worker.server}).
 */
package io.mqbench.coordinator;
