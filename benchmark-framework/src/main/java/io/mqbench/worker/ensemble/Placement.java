package io.mqbench.worker.ensemble;

/**
 * How a distributed run spreads its clients over the workers.
 *
 * <ul>
 *   <li>{@link #SPLIT}, OMB's way and the default: the workers are split into a producer half and a
 *       consumer half (with extra consumer workers, a third produce and two thirds consume), so every
 *       message crosses from one host to another. The leader (the first worker) creates the
 *       topics; producers and consumers are dealt round robin over their half.
 *   <li>{@link #COLOCATED}: every worker creates its share of the topics and runs the producers and
 *       consumers of those topics itself, so end-to-end latency is measured on one host's clock and
 *       an in-process broker (the loopback driver) works.
 * </ul>
 */
public enum Placement {
    SPLIT,
    COLOCATED;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
