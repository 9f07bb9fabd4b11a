package io.mqbench.worker.commands;

import io.mqbench.workload.KeyDistributorType;
import java.util.List;

/** What a worker's producers send and how fast (OMB's {@code /start-load} body). */
public class ProducerWorkAssignment {
    /** Payloads to send, taken in turn. */
    public List<byte[]> payloadData;

    /** Messages per second for all of this worker's producers together. */
    public double publishRate;

    public KeyDistributorType keyDistributorType;

    // ---- mqbench additions (left at their defaults, a worker behaves exactly as OMB's) ----

    /** At most this many unacknowledged sends per producer; 0: no bound. */
    public int maxOutstandingSends;

    /** Each producer turn sends a batch of a size drawn from [min, max]; 1-1 is one message per turn. */
    public int batchSizeMin = 1;

    public int batchSizeMax = 1;
}
