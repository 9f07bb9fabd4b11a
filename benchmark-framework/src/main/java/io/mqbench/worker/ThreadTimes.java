package io.mqbench.worker;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where one thread's time went: running, and waiting on a run queue for a core (Linux's scheduler
 * statistics, {@code /proc/self/task/<tid>/schedstat}). The rest of the time it slept. A sender
 * that sleeps until its next message is due has time to spare; one that ran or waited for a core
 * all the time could not have sent faster, whatever the broker did.
 */
final class ThreadTimes {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Thread thread;
    /** The thread's scheduler statistics, learnt by the thread itself; null until then, or where there are none. */
    private volatile Path schedstat;

    ThreadTimes(Thread thread) {
        this.thread = thread;
    }

    /** Called on the thread itself, once: only it can read which of the process's tasks it is. */
    void learnOwnId() {
        long id = currentKernelId();
        schedstat = id > 0 ? Path.of("/proc/self/task/" + id + "/schedstat") : null;
    }

    /** Running and run-queue nanoseconds since the thread started; waiting is -1 where the platform does not say. */
    long[] sample() {
        Path file = schedstat;
        if (file != null) {
            try {
                long[] times = parseSchedstat(Files.readString(file));
                if (times != null) {
                    return times;
                }
            } catch (IOException | RuntimeException e) {
                // the thread has ended, or no scheduler statistics here: the CPU time below still says something
            }
        }
        long cpu = THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(thread.getId()) : -1;
        return new long[] {cpu, -1};
    }

    /** "run_ns wait_ns timeslices": the first two, or null when the line is not of that form. */
    static long[] parseSchedstat(String line) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 2) {
            return null;
        }
        return new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1])};
    }

    /** {@code /proc/thread-self} links to {@code <pid>/task/<tid>}; -1 off Linux. */
    private static long currentKernelId() {
        try {
            Path target = Files.readSymbolicLink(THREAD_SELF);
            return Long.parseLong(target.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
