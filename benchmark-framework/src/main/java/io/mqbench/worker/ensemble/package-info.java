/**
 * The coordinator's view of several remote workers as one {@code Worker}: placement, fan-out,
 * exact merging, heartbeats, clock estimation. Uses {@code worker.remote}, {@code worker.protocol},
 * {@code worker} and the model packages.
 */
package io.mqbench.worker.ensemble;
