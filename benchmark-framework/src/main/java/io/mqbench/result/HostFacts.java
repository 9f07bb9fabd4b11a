package io.mqbench.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** The machine a run measured on, so results from different hosts are not compared blindly. */
public class HostFacts {
    public String hostname;
    public int cores;
    public long memoryBytes;
    public String os;
    public String jvm;
    public long jvmMaxHeapBytes;

    public static HostFacts ofThisMachine() {
        HostFacts facts = new HostFacts();
        facts.hostname = hostname();
        facts.cores = Runtime.getRuntime().availableProcessors();
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            facts.memoryBytes = os.getTotalMemorySize();
        }
        facts.os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
        facts.jvm = System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        facts.jvmMaxHeapBytes = Runtime.getRuntime().maxMemory();
        return facts;
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            String fromEnv = System.getenv("HOSTNAME");
            return fromEnv != null ? fromEnv : "unknown";
        }
    }
}
