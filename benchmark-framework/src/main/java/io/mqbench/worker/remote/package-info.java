/**
 * The coordinator's side of one remote worker: {@code HttpWorker} (a {@code Worker} over HTTP),
 * connecting and identifying, transport with retries, error replies. Uses {@code worker},
 * {@code worker.protocol} and the model packages; never the server's side.
 */
package io.mqbench.worker.remote;
