/**
 * The command lines ({@code bin/benchmark}, {@code bin/benchmark-worker}): options, the run plan,
 * suites, exit codes, the final table. The top layer: it may use every other package, and none
 * uses it.
 */
package io.mqbench.cli;
