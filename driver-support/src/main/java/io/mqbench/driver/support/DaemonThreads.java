package io.mqbench.driver.support;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Threads a driver starts for itself. */
public final class DaemonThreads {
    private DaemonThreads() {}

    /**
     * Threads named {@code prefix-1}, {@code prefix-2}, ... so a thread dump or a log line says
     * which driver and which job a thread belongs to. Daemon: a driver whose close() was never
     * called (a failed run, a worker killed mid-run) must not keep the JVM from exiting.
     */
    public static ThreadFactory named(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
