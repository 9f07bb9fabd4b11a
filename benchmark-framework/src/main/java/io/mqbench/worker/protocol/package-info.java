/**
 * What both ends of the worker HTTP protocol share: endpoint paths and headers, the JSON of the
 * bodies (histograms, delivery reports), a worker's identity, tokens. Uses the model packages and
 * {@code worker.commands}; neither end ({@code worker.server}, {@code worker.remote}).
 */
package io.mqbench.worker.protocol;
