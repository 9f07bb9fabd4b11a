/**
 * The result file: {@code TestResult} (OMB's fields, then mqbench's), what each worker reports of
 * itself, the assembly from periods, atomic files, the CSV. Uses {@code config}, {@code stats}
 * and {@code delivery}.
 */
package io.mqbench.result;
