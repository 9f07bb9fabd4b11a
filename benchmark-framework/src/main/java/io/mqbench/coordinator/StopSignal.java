package io.mqbench.coordinator;

/**
 * Raised by Ctrl-C (or a test) to end a run early. Every wait of the coordinator goes through
 * {@link #sleep}, so a stop is noticed within a fraction of a second and the run can still save
 * what it measured.
 */
public final class StopSignal {
    private volatile String reason;

    public void stop(String why) {
        if (reason == null) {
            reason = why;
        }
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
