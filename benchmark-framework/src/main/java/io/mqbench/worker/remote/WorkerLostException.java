package io.mqbench.worker.remote;

import java.io.IOException;

/**
 * A worker that can no longer take part in the run: it stopped answering, its connection broke,
 * or it was restarted and no longer knows the run. The message names the worker, so the partial
 * result says which one was lost.
 */
public final class WorkerLostException extends IOException {
    private static final long serialVersionUID = 1L;

    public WorkerLostException(String message) {
        super(message);
    }
}
