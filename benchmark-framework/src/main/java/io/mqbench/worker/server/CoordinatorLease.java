package io.mqbench.worker.server;

import io.mqbench.worker.protocol.WorkerProtocol;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Who the worker serves. A worker runs one benchmark at a time, so it serves one coordinator at a
 * time: the coordinator that initializes the driver holds the worker until it calls {@code
 * /stop-all} or falls silent for {@link #IDLE_LIMIT}; anyone else meanwhile gets a 409 that says who
 * holds it. An mqbench coordinator also gets a session id at {@code /initialize-driver} and sends
 * it back with every call, so a worker that was restarted (and so knows no session) or that moved
 * on to another run answers with a 409 instead of silently serving a run it knows nothing about.
 *
 * <p>An upstream OMB coordinator sends no headers; it is known by its address and gets no session.
 */
final class CoordinatorLease {
    static final Duration IDLE_LIMIT = WorkerProtocol.COORDINATOR_IDLE_LIMIT;

    /** A coordinator as the worker knows it: a key to compare and a label for messages. */
    record Caller(String key, String label) {
        static Caller of(String coordinatorHeader, String address) {
            if (coordinatorHeader == null || coordinatorHeader.isBlank()) {
                return new Caller("upstream@" + address, "a coordinator at " + address);
            }
            String name = coordinatorHeader.strip();
            return new Caller(name, "coordinator " + name + " at " + address);
        }
    }

    private final LongSupplier nanoClock;
    private Caller owner;
    private String session;
    private Instant since;
    private long lastSeenNanos;
    private int inFlight;

    CoordinatorLease() {
        this(System::nanoTime);
    }

    CoordinatorLease(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /**
     * Lets a call in, or refuses it: the worker is held by another coordinator, or the call belongs
     * to a session the worker does not have. Every admitted call must be followed by {@link #leave}.
     */
    synchronized void enter(Caller caller, String sessionHeader) {
        if (owner != null && !owner.key().equals(caller.key())) {
            long idleSeconds = (nanoClock.getAsLong() - lastSeenNanos) / 1_000_000_000L;
            throw new WorkerRefusal(409, WorkerProtocol.KIND_BUSY, "this worker is busy: it serves " + owner.label()
                    + " since " + since + " (last request " + idleSeconds + " s ago); it is free again when that run ends or after "
                    + IDLE_LIMIT.toSeconds() + " s without requests");
        }
        if (sessionHeader != null && !sessionHeader.equals(session)) {
            throw new WorkerRefusal(409, WorkerProtocol.KIND_SESSION, "this worker has no run with session " + sessionHeader
                    + ": it was restarted or that run has ended" + (session == null ? "" : " (it now serves session " + session + ")"));
        }
        inFlight++;
        touch(caller);
    }

    synchronized void leave(Caller caller) {
        inFlight = Math.max(0, inFlight - 1);
        touch(caller);
    }

    /** The caller starts a run: it holds the worker from now on, under a new session. */
    synchronized String begin(Caller caller) {
        owner = caller;
        session = UUID.randomUUID().toString();
        since = Instant.now();
        lastSeenNanos = nanoClock.getAsLong();
        return session;
    }

    /** The caller's run ended ({@code /stop-all}): the worker is free. */
    synchronized void end(Caller caller) {
        if (owner != null && owner.key().equals(caller.key())) {
            release();
        }
    }

    /** A sign of life from the caller that needs no admission (the heartbeat's clock reads). */
    synchronized void touch(Caller caller) {
        if (owner != null && owner.key().equals(caller.key())) {
            lastSeenNanos = nanoClock.getAsLong();
        }
    }

    /**
     * If the holder has been silent for longer than {@link #IDLE_LIMIT} with no call in progress,
     * frees the worker and returns the holder's label, so the caller can stop the abandoned run.
     */
    synchronized String releaseIfAbandoned() {
        if (owner == null || inFlight > 0 || nanoClock.getAsLong() - lastSeenNanos < IDLE_LIMIT.toNanos()) {
            return null;
        }
        String label = owner.label();
        release();
        return label;
    }

    synchronized String ownerLabel() {
        return owner == null ? null : owner.label();
    }

    synchronized Instant since() {
        return since;
    }

    private void release() {
        owner = null;
        session = null;
        since = null;
    }
}
