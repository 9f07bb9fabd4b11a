package io.mqbench.coordinator;

import io.mqbench.worker.commands.ConsumerAssignment;
import io.mqbench.worker.commands.TopicSubscription;
import java.util.List;
import java.util.Map;

/** Creates {@code consumerPerSubscription} consumers for every subscription, before any producer. */
final class CreateConsumers implements Phase {
    @Override
    public String title(RunContext ctx) {
        int count = ctx.workload.topics * ctx.workload.subscriptionsPerTopic * ctx.workload.consumerPerSubscription;
        return "create " + count + " consumer(s) on " + ctx.workload.subscriptionsPerTopic + " subscription(s) per topic";
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        ConsumerAssignment assignment = new ConsumerAssignment();
        for (Map.Entry<String, List<String>> topic : ctx.subscriptionsByTopic.entrySet()) {
            for (String key : topic.getValue()) {
                String subscription = key.substring(topic.getKey().length() + 1);
                for (int c = 0; c < ctx.workload.consumerPerSubscription; c++) {
                    assignment.topicsSubscriptions.add(new TopicSubscription(topic.getKey(), subscription));
                }
            }
        }
        if (!assignment.topicsSubscriptions.isEmpty()) {
            ctx.worker.createConsumers(assignment);
        }
    }
}
