/**
 * The load engine in one process: the {@code Worker} interface the coordinator drives and
 * {@code LocalWorker} (a paced sender thread per producer, the measuring receive callback, key
 * distributors). Uses the model packages and {@code worker.commands}; never the coordinator nor
 * the transport.
 */
package io.mqbench.worker;
