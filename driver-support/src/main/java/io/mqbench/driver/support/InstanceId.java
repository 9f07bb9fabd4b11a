package io.mqbench.driver.support;

import java.util.concurrent.ThreadLocalRandom;

/**
 * A short name for one driver instance, to put into the client ids, consumer names and message ids
 * a broker sees: the process id and a random part, so that two workers on one host, or two runs in
 * one process, never take over each other's sessions or consumer group members.
 */
public final class InstanceId {
    private InstanceId() {}

    /** For example {@code 4za-daxh}: the process id and a random number, both in base 36. */
    public static String next() {
        return Long.toString(ProcessHandle.current().pid(), 36) + '-'
                + Integer.toString(ThreadLocalRandom.current().nextInt(0x10000, 0x100000), 36);
    }
}
