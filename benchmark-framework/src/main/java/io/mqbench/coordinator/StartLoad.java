package io.mqbench.coordinator;

import io.mqbench.worker.commands.ProducerWorkAssignment;

/** Starts the producers at the rate the workload's {@link MeasurementMode} starts with. */
final class StartLoad implements Phase {
    @Override
    public String title(RunContext ctx) {
        return ctx.mode.startTitle(ctx);
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        ctx.targetRate = ctx.mode.startRate(ctx);
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
