package io.mqbench.worker.protocol;

import java.net.URI;

/**
 * What the coordinator learnt of a worker when it connected: its address, whether it speaks
 * mqbench's additions (an upstream OMB worker does not), its version and its process instance.
 */
public record WorkerIdentity(URI url, boolean mqbench, String version, String instance) {

    public static WorkerIdentity upstream(URI url) {
        return new WorkerIdentity(url, false, null, null);
    }

    /** {@code mqbench 0.1.0} or {@code upstream OMB}. */
    public String kind() {
        return mqbench ? "mqbench " + version : "upstream OMB";
    }

    @Override
    public String toString() {
        return url.toString();
    }
}
