package io.mqbench.worker.ensemble;

/**
 * Which workers produce and which consume, by index in the list the user gave. With {@link
 * Placement#SPLIT} the first workers produce and the rest consume, in OMB's proportions: half
 * produce, or a third with extra consumer workers (OMB's {@code -x}, for backlog drains). One worker
 * alone does both.
 */
record Roles(boolean[] produces, boolean[] consumes, String description) {

    static Roles of(Placement placement, int workers, boolean extraConsumers) {
        boolean[] produces = new boolean[workers];
        boolean[] consumes = new boolean[workers];
        if (placement == Placement.COLOCATED || workers == 1) {
            java.util.Arrays.fill(produces, true);
            java.util.Arrays.fill(consumes, true);
            return new Roles(produces, consumes, workers == 1 && placement == Placement.SPLIT
                    ? "split (one worker: it produces and consumes)" : placement.label());
        }
        int producerWorkers = producerWorkers(workers, extraConsumers);
        for (int i = 0; i < workers; i++) {
            produces[i] = i < producerWorkers;
            consumes[i] = i >= producerWorkers;
        }
        return new Roles(produces, consumes, extraConsumers ? "split with extra consumer workers" : "split");
    }

    /** OMB's numbers: half the workers produce, or a third (rounded up) with extra consumer workers. */
    static int producerWorkers(int workers, boolean extraConsumers) {
        return extraConsumers ? (workers + 2) / 3 : workers / 2;
    }

    String roleOf(int worker) {
        if (produces[worker] && consumes[worker]) {
            return "producers and consumers";
        }
        return produces[worker] ? "producers" : "consumers";
    }
}
