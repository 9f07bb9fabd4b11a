package io.mqbench.worker;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/**
 * A worker process's own load at one instant: CPU time used so far (user + system, all threads),
 * time spent collecting garbage, heap in use, and how many cores it has. Two samples of the same
 * process give the share of its cores it used in between: the client's cost, which a benchmark
 * must know so as not to report its own limit as the broker's.
 *
 * @param worker which worker (its id or URL)
 * @param sampledAtNanos the worker's own {@link System#nanoTime()} at the sample; only differences
 *     between samples of one process mean anything
 * @param cpuNanos process CPU time since the JVM started; -1 when the platform does not say
 */
public record ProcessLoad(String worker, long sampledAtNanos, int cores, long cpuNanos, long gcMillis,
                          long heapUsedBytes, long heapMaxBytes) {

    /** This JVM, now. */
    public static ProcessLoad sample(String worker) {
        long gc = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            gc += Math.max(0, collector.getCollectionTime());
        }
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return new ProcessLoad(worker, System.nanoTime(), Runtime.getRuntime().availableProcessors(), processCpuNanos(),
                gc, heap.getUsed(), heap.getMax());
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
