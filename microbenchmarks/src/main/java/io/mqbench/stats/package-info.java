/**
 * JMH benchmarks of recording into the worker's statistics: a send and a receipt into {@code
 * WorkerStats}, and HdrHistogram's histogram kinds with one and two writers (the choice behind the
 * period histograms). They sit in the framework's {@code stats} package to reach its
 * package-private classes. Uses that package of benchmark-framework, {@code bench}, HdrHistogram
 * and JMH; nothing in the framework uses them.
 */
package io.mqbench.stats;
