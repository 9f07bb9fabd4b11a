/**
 * The result file: {@code TestResult} (OMB's fields, then mqbench's), what each worker reports of
 * itself, atomic files, the CSV, and the result's one writer during a run, {@code ResultAssembler}:
 * the run's description (a {@code RunMetadata} record, the static part known before the run),
 * the values the phases hand it, the periods, and the end. Nothing outside this package assigns
 * a field of {@code TestResult} ({@code ResultOwnershipTest}). Uses {@code config},
 * {@code workload}, {@code stats} and {@code delivery}.
 */
package io.mqbench.result;
