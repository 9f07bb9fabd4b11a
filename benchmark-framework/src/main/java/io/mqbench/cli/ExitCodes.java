package io.mqbench.cli;

/** The exit statuses of {@code bin/benchmark}. */
public final class ExitCodes {
    public static final int OK = 0;
    /** A run failed or ended partial for a reason other than the user's stop. */
    public static final int RUN_FAILED = 1;
    /** A mistake in the command line or in a file; nothing was run or the run stopped before starting. */
    public static final int USER_ERROR = 2;
    /** Stopped with Ctrl-C; what was measured is saved as partial results. */
    public static final int INTERRUPTED = 130;
    /** Stopped with SIGTERM (timeout, CI cancellation, docker stop, Kubernetes); saved as with Ctrl-C. */
    public static final int TERMINATED = 143;

    private ExitCodes() {}
}
