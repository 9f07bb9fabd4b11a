/**
 * The workload file: OMB's fields and mqbench's additions, validation, sweeps, payloads, and the
 * fault entries a workload asks for. Uses {@code config} only.
 */
package io.mqbench.workload;
