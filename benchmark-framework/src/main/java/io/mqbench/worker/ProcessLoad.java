package io.mqbench.worker;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A worker process's own load at one instant: CPU time used so far (user + system, all threads),
 * time spent collecting garbage and compiling code, heap in use, and how many cores it has. Two
 * samples of the same process give the share of its cores it used in between: the client's cost,
 * which a benchmark must know so as not to report its own limit as the broker's.
 *
 * @param worker which worker (its id or URL)
 * @param sampledAtNanos the worker's own {@link System#nanoTime()} at the sample; only differences
 *     between samples of one process mean anything
 * @param cpuNanos process CPU time since the JVM started; -1 when the platform does not say
 * @param jitMillis time the JIT compilers spent compiling since the JVM started; -1 when the JVM
 *     does not say, 0 from a worker older than this field
 * @param hostBusyTicks the machine's busy CPU time since boot, every process and core (Linux
 *     {@code /proc/stat}: user, nice, system, irq, softirq and steal, in clock ticks); 0 when the
 *     platform does not say (or the worker is older)
 * @param hostTotalTicks the same with idle and I/O wait: the busy share of the machine between two
 *     samples is the ratio of the differences
 * @param hostStealTicks the part of the busy ticks a virtual machine's host took for something else
 *     (steal): a thread woken on a virtual CPU the host has taken waits until it is given back; 0
 *     where the platform does not say (or the worker is older)
 * @param senders the worker's sending threads, one per producer; empty when it has none (or is older)
 */
public record ProcessLoad(String worker, long sampledAtNanos, int cores, long cpuNanos, long gcMillis, long jitMillis,
                          long heapUsedBytes, long heapMaxBytes, long hostBusyTicks, long hostTotalTicks,
                          long hostStealTicks, List<SenderLoad> senders) {
    private static final Path PROC_STAT = Path.of("/proc/stat");

    public ProcessLoad {
        senders = senders == null ? List.of() : List.copyOf(senders);
    }

    /** This JVM, now, with the given sending threads' times. */
    public static ProcessLoad sample(String worker, List<SenderLoad> senders) {
        long gc = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            gc += Math.max(0, collector.getCollectionTime());
        }
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long[] host = hostTicks();
        return new ProcessLoad(worker, System.nanoTime(), Runtime.getRuntime().availableProcessors(), processCpuNanos(),
                gc, compilationMillis(), heap.getUsed(), heap.getMax(), host[0], host[1], host[2], senders);
    }

    /** The same sample under the name the coordinator knows its worker by. */
    public ProcessLoad named(String name) {
        return new ProcessLoad(name, sampledAtNanos, cores, cpuNanos, gcMillis, jitMillis, heapUsedBytes, heapMaxBytes, hostBusyTicks,
                hostTotalTicks, hostStealTicks, senders);
    }

    /**
     * Busy, total and steal ticks of all cores from the first line of /proc/stat ("cpu user nice
     * system idle iowait irq softirq steal ..."); zeros where there is no such file. Steal counts as
     * busy: a virtual machine's core taken by its host is a core this client did not get.
     */
    static long[] hostTicks() {
        try (BufferedReader reader = Files.newBufferedReader(PROC_STAT)) {
            return parseCpuLine(reader.readLine());
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0, 0};
        }
    }

    static long[] parseCpuLine(String line) {
        if (line == null || !line.startsWith("cpu ")) {
            return new long[] {0, 0, 0};
        }
        String[] fields = line.trim().split("\\s+");
        long busy = 0;
        long total = 0;
        long steal = 0;
        // fields[1..8]: user nice system idle iowait irq softirq steal (guest time is already in user)
        for (int i = 1; i <= 8 && i < fields.length; i++) {
            long ticks = Long.parseLong(fields[i]);
            total += ticks;
            if (i != 4 && i != 5) {
                busy += ticks;
            }
            if (i == 8) {
                steal = ticks;
            }
        }
        return new long[] {busy, total, steal};
    }

    /**
     * The JVM's total compilation time: how long its compiler threads have compiled so far, all of
     * them added up. Those threads do little else, so it is close to the CPU they used.
     */
    private static long compilationMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
