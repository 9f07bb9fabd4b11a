/**
 * What the JMH microbenchmarks share: {@code PerMessageBenchmark}, the settings every benchmark
 * inherits (the average time of one message's work in nanoseconds, one fork, short warm-up and
 * measurement), and {@code Latencies}, the latency values they record. Uses JMH only, no other
 * mqbench package. The module stays apart from the harness so that JMH never reaches {@code
 * bin/benchmark}'s classpath.
 */
package io.mqbench.bench;
