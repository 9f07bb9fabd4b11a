package io.mqbench.coordinator;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Raised by Ctrl-C (or a test) to end a run early. Every wait of the coordinator goes through
 * {@link #sleep}, so a stop is noticed within a fraction of a second and the run can still save
 * what it measured.
 */
public final class StopSignal {
    private volatile String reason;
    /** Threads inside {@link #interruptibly}: a stop interrupts their blocking call. */
    private final Set<Thread> blocked = ConcurrentHashMap.newKeySet();

    public void stop(String why) {
        if (reason == null) {
            reason = why;
        }
        blocked.forEach(Thread::interrupt);
    }

    /**
     * Runs a long blocking call (creating a hundred thousand topics, say) that no {@link #sleep}
     * slices: a stop meanwhile interrupts it, and it ends in {@link RunStopped} rather than in
     * whatever the interrupted call made of it.
     */
    public void interruptibly(Action action) throws Exception {
        if (reason != null) {
            throw new RunStopped(reason);
        }
        Thread current = Thread.currentThread();
        blocked.add(current);
        try {
            action.run();
        } catch (Exception e) {
            if (reason != null) {
                throw new RunStopped(reason);
            }
            throw e;
        } finally {
            blocked.remove(current);
            Thread.interrupted(); // a stop that came as the call returned must not hit the next wait
        }
        if (reason != null) {
            throw new RunStopped(reason);
        }
    }

    @FunctionalInterface
    public interface Action {
        void run() throws Exception;
    }

    public boolean stopped() {
        return reason != null;
    }

    public String reason() {
        return reason;
    }

    /** Sleeps, in short slices; throws {@link RunStopped} as soon as a stop is asked for. */
    public void sleep(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            if (reason != null) {
                throw new RunStopped(reason);
            }
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return;
            }
            try {
                Thread.sleep(Math.min(left, 100));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop("interrupted");
            }
        }
    }

    /** Thrown out of a phase when the run was asked to stop. */
    public static final class RunStopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RunStopped(String reason) {
            super(reason);
        }
    }
}
