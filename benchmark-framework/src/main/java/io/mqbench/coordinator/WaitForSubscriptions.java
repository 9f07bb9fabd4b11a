package io.mqbench.coordinator;

import io.mqbench.stats.CountersStats;

/**
 * Sends a probe message from every producer until every subscription has received one from each,
 * so that measuring starts only once the whole path works (a Kafka consumer group has joined, a
 * Redis subscriber listens, ...). Probes are resent every few seconds, because some brokers drop
 * what arrives before a subscription is ready.
 */
final class WaitForSubscriptions implements Phase {
    static final long TIMEOUT_MILLIS = 120_000;
    private static final long RESEND_MILLIS = 3_000;

    @Override
    public String title(RunContext ctx) {
        return "wait until every subscription receives";
    }

    @Override
    public void run(RunContext ctx) throws Exception {
        if (!ctx.hasConsumers()) {
            ctx.console.info("no consumers in this workload: nothing to wait for");
            return;
        }
        long expected = (long) ctx.producerCount() * ctx.workload.subscriptionsPerTopic;
        long start = MonotonicMillis.now();
        long lastProbe = start - RESEND_MILLIS; // the first probe at once
        CountersStats counters = ctx.worker.getCountersStats();
        while (counters.probesReceived < expected) {
            long now = MonotonicMillis.now();
            if (now - start > TIMEOUT_MILLIS) {
                throw new IllegalStateException(String.format(
                        "only %d of %d subscription/producer pairs received a probe message within %d s: is the broker delivering?",
                        counters.probesReceived, expected, TIMEOUT_MILLIS / 1000));
            }
            if (now - lastProbe >= RESEND_MILLIS) {
                ctx.worker.probeProducers();
                lastProbe = now;
            }
            ctx.stop.sleep(20);
            counters = ctx.worker.getCountersStats();
        }
        ctx.console.info(String.format("all %d subscription/producer pairs receive (%.1f s)", expected,
                (MonotonicMillis.now() - start) / 1000.0));
    }
}
