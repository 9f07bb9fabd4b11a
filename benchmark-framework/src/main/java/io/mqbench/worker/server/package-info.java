/**
 * The worker process ({@code bin/benchmark-worker}): HTTP routes onto a {@code LocalWorker}, the
 * one-coordinator rule with sessions, the stats port (the page {@code metrics} builds). Uses
 * {@code worker}, {@code worker.protocol}, {@code metrics} and the model packages; never the
 * coordinator's side.
 */
package io.mqbench.worker.server;
