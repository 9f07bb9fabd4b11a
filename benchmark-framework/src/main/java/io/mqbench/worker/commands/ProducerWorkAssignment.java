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
}
