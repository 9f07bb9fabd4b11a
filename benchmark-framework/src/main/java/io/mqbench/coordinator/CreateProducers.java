package io.mqbench.coordinator;

import java.util.ArrayList;
import java.util.List;

/** Creates {@code producersPerTopic} producers for every topic. */
final class CreateProducers implements Phase {
    @Override
    public String title(RunContext ctx) {
        return "create " + ctx.producerCount() + " producer(s)";
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        List<String> topics = new ArrayList<>();
        for (String topic : ctx.topics) {
            for (int p = 0; p < ctx.workload.producersPerTopic; p++) {
                topics.add(topic);
            }
        }
        ctx.worker.createProducers(topics);
    }
}
