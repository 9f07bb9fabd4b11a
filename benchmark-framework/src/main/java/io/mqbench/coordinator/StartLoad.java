package io.mqbench.coordinator;

import io.mqbench.coordinator.maxrate.RateSearch;
import io.mqbench.result.TestResult;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import java.util.Locale;

/** Starts the producers at the workload's rate, or at the rate search's first rate. */
final class StartLoad implements Phase {
    @Override
    public String title(RunContext ctx) {
        return ctx.workload.isMaxRate()
                ? String.format(Locale.ROOT, "start producers at %,d msg/s, the rate search's first trial", (long) RateSearch.startRate())
                : String.format(Locale.ROOT, "start producers at %,d msg/s", ctx.workload.rate());
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        if (ctx.workload.isMaxRate()) {
            TestResult.RateDiscovery discovery = new TestResult.RateDiscovery();
            ctx.result.rateDiscovery = discovery;
            ctx.rateSearch = new RateSearch(new WorkerLoadProbe(ctx), ctx.workload.subscriptionsPerTopic, ctx.hasConsumers(),
                    ctx.workload.maxRateLatencyLimit, discovery, new SearchConsole(ctx.console));
            ctx.targetRate = RateSearch.startRate();
        } else {
            ctx.targetRate = ctx.workload.rate();
        }
        ProducerWorkAssignment assignment = new ProducerWorkAssignment();
        assignment.payloadData = ctx.payloads;
        assignment.publishRate = ctx.targetRate;
        assignment.keyDistributorType = ctx.workload.keyDistributor;
        assignment.maxOutstandingSends = ctx.workload.maxOutstandingSends == null ? 0 : ctx.workload.maxOutstandingSends;
        assignment.batchSizeMin = ctx.workload.batchSize().min();
        assignment.batchSizeMax = ctx.workload.batchSize().max();
        ctx.worker.startLoad(assignment);
        ctx.loadStartNanos = System.nanoTime();
    }
}
