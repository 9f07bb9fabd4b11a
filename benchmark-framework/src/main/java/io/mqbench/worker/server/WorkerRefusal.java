package io.mqbench.worker.server;
import io.mqbench.worker.protocol.WorkerProtocol;


/**
 * A request the worker will not serve, with the HTTP status and the error kind of {@link
 * WorkerProtocol} that tell the coordinator what to do about it (get a token, wait for the other
 * coordinator, give up on a restarted worker).
 */
final class WorkerRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final int status;
    final String kind;

    WorkerRefusal(int status, String kind, String message) {
        super(message);
        this.status = status;
        this.kind = kind;
    }
}
