package io.mqbench.coordinator;

import io.mqbench.worker.RandomNames;
import io.mqbench.worker.commands.TopicsInfo;
import java.util.ArrayList;
import java.util.List;

/** Creates the topics and names their subscriptions. */
final class CreateTopics implements Phase {
    @Override
    public String title(RunContext ctx) {
        return "create " + ctx.workload.topics + " topic(s) with " + ctx.workload.partitionsPerTopic + " partition(s) each";
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        ctx.topics.addAll(ctx.worker.createTopics(new TopicsInfo(ctx.workload.topics, ctx.workload.partitionsPerTopic)));
        for (String topic : ctx.topics) {
            List<String> keys = new ArrayList<>();
            for (int s = 0; s < ctx.workload.subscriptionsPerTopic; s++) {
                keys.add(topic + "/" + String.format("sub-%03d-%s", s, RandomNames.next(7)));
            }
            ctx.subscriptionsByTopic.put(topic, keys);
        }
    }
}
