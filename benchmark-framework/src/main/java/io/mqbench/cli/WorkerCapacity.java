package io.mqbench.cli;

import io.mqbench.config.UserError;
import io.mqbench.workload.Workload;
import java.util.Locale;

/**
 * What one worker can hold, checked once the workers are known and before anything runs: a
 * workload asking for more (a typo such as {@code topics: 100000000}) would otherwise spend
 * minutes creating topics and gigabytes of memory before failing, or measure a thrashing client.
 * Upstream OMB's own workloads stay valid: {@code --validate} does not apply these bounds (it
 * does not know how many workers a run will have), and the largest of them fit on enough workers.
 */
final class WorkerCapacity {
    /**
     * Every producer has a sender thread of its own; beyond this many threads their stacks and
     * scheduling, not the broker, decide what a worker measures.
     */
    static final int PRODUCERS_PER_WORKER = 10_000;
    /** Client libraries run at least one thread or connection per consumer. */
    static final int CONSUMERS_PER_WORKER = 10_000;
    /** Names, ledgers and driver objects per topic: a million fit in a default heap. */
    static final int TOPICS = 1_000_000;
    /** Beyond any broker's limit for one cluster (Kafka's is about 200,000 partitions). */
    static final long PARTITIONS = 1_000_000;

    private WorkerCapacity() {}

    /**
     * @param producingWorkers how many workers share the producers (1 for a local run)
     * @param consumingWorkers how many share the consumers
     */
    static void check(RunPlan plan, int producingWorkers, int consumingWorkers) {
        for (RunPlan.PlannedWorkload planned : plan.workloads()) {
            Workload w = planned.workload();
            String where = planned.file() + ": workload '" + w.name + "': ";
            if (w.topics > TOPICS) {
                throw new UserError(where + String.format(Locale.ROOT, "%,d topics; a run holds at most %,d (each topic's"
                        + " name, ledgers and driver objects live in the workers' memory): use fewer topics", w.topics, TOPICS));
            }
            long partitions = (long) w.topics * w.partitionsPerTopic;
            if (partitions > PARTITIONS) {
                throw new UserError(where + String.format(Locale.ROOT, "%,d partitions (%,d topics x %,d); at most %,d, more"
                        + " than any one broker cluster takes: use fewer topics or partitions", partitions, w.topics,
                        w.partitionsPerTopic, PARTITIONS));
            }
            long producers = (long) w.topics * w.producersPerTopic;
            long perProducingWorker = ceilDiv(producers, producingWorkers);
            if (perProducingWorker > PRODUCERS_PER_WORKER) {
                throw new UserError(where + String.format(Locale.ROOT, "%,d producers, %,d for each of %d producing"
                        + " worker(s); a worker holds at most %,d (one sender thread each): use fewer producers or more"
                        + " workers (-w)", producers, perProducingWorker, producingWorkers, PRODUCERS_PER_WORKER));
            }
            long consumers = (long) w.topics * w.subscriptionsPerTopic * w.consumerPerSubscription;
            long perConsumingWorker = ceilDiv(consumers, consumingWorkers);
            if (perConsumingWorker > CONSUMERS_PER_WORKER) {
                throw new UserError(where + String.format(Locale.ROOT, "%,d consumers, %,d for each of %d consuming"
                        + " worker(s); a worker holds at most %,d: use fewer consumers or more workers (-w)", consumers,
                        perConsumingWorker, consumingWorkers, CONSUMERS_PER_WORKER));
            }
        }
    }

    /** The bounds that hold whatever the workers: what {@code --validate} can check. */
    static void checkForAnyWorkers(RunPlan plan) {
        check(plan, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    private static long ceilDiv(long total, int parts) {
        return (total + Math.max(1, parts) - 1) / Math.max(1, parts);
    }
}
