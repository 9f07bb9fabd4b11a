package io.mqbench.coordinator;

import io.mqbench.result.TestResult;
import io.mqbench.worker.commands.ProducerWorkAssignment;
import java.util.Locale;

/** Starts the producers at the workload's rate, or at the max-rate controller's first rate. */
final class StartLoad implements Phase {
    @Override
    public String title(RunContext ctx) {
        return ctx.workload.isMaxRate()
                ? "start producers, searching for the maximum sustainable rate (from " + (long) MaxRateController.INITIAL_RATE + " msg/s)"
                : String.format(Locale.ROOT, "start producers at %,d msg/s", ctx.workload.rate());
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        if (ctx.workload.isMaxRate()) {
            TestResult.RateDiscovery discovery = new TestResult.RateDiscovery();
            ctx.result.rateDiscovery = discovery;
            ctx.rateController = new MaxRateController(ctx.worker, ctx.workload.subscriptionsPerTopic, ctx.hasConsumers(), discovery);
            ctx.targetRate = ctx.rateController.rate();
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
    }
}
