package io.mqbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What every driver's fixed-rate run through {@code bin/benchmark} must show, whatever the
 * broker: it completed, held the target rate, delivered every confirmed message exactly once and
 * measured both latencies. Driver tests add what is particular to their broker.
 */
public final class SteadyRun {
    /** A busy 2-core machine can hold a run back by a second; the paced rate catches up. */
    private static final double RATE_TOLERANCE = 0.02;
    /**
     * How much later than the publish median the end-to-end median may be. End-to-end latency is
     * read from the payload's microsecond header, so the consumer's side adds milliseconds to what
     * the broker took for the send; a second-resolution timestamp would add ~500 ms. The bound is
     * relative: a broker starved of CPU by the tests beside it raised both medians together
     * (Kafka in CI: 161 ms end-to-end, about 15 ms above its publish median), and a timing bound
     * would then measure the machine, not the harness.
     */
    private static final double MAX_END_TO_END_OVER_PUBLISH_P50_MILLIS = 100;

    private SteadyRun() {}

    /**
     * Runs bin/benchmark's code path with {@code args} in a {@link MachineTurn}: a run that must
     * hold its rate (the steady run this class checks afterwards) is the only one on the machine.
     */
    public static BenchmarkCli run(String what, String... args) {
        try (MachineTurn turn = MachineTurn.take(what)) {
            return BenchmarkCli.run(args);
        }
    }

    /** The checks, with the consume rate held to the same 2 % as the publish rate. */
    public static void assertSteady(JsonNode result, int rate, int seconds) {
        assertSteady(result, rate, seconds, RATE_TOLERANCE);
    }

    /**
     * The checks, with the consume rate allowed {@code consumeTolerance} (a share of the rate) of
     * shortfall or excess; above that, a consumer may run faster only by the backlog that waited
     * when the measured phase began (it catches up on what a busy machine held back in the
     * warm-up), never by more.
     */
    public static void assertSteady(JsonNode result, int rate, int seconds, double consumeTolerance) {
        // Every message ends with what the run looked like second by second: a failure in CI is
        // then a diagnosis (a stalled consumer, a busy machine, a slow start), not only a number.
        String context = "\n" + runContext(result);
        assertEquals("complete", result.get("status").asText(), result.at("/summary").toString() + context);
        assertEquals(rate, result.at("/summary/publishRate/mean").asDouble(), rate * RATE_TOLERANCE,
                "publish rate within 2 % of the target" + context);
        double consumeRate = result.at("/summary/consumeRate/mean").asDouble();
        double catchUp = backlogAtMeasuredStart(result) / (double) seconds;
        assertTrue(consumeRate >= rate * (1 - consumeTolerance)
                        && consumeRate <= rate * (1 + consumeTolerance) + catchUp,
                "consumers keep up: " + consumeRate + " msg/s for a rate of " + rate + " (tolerance "
                        + consumeTolerance + ", plus " + catchUp + " msg/s of backlog waiting at the start)" + context);
        assertEquals(0, result.at("/summary/sendErrors").asLong(), "send errors" + context);

        JsonNode delivery = result.get("delivery");
        assertTrue(delivery.get("checked").asBoolean(), delivery.toString());
        assertTrue(delivery.get("drained").asBoolean(), "every confirmed message arrived: " + delivery + context);
        assertEquals(0, delivery.get("missing").asLong(), delivery.toString());
        assertEquals(0, delivery.get("lost").asLong(), delivery.toString());
        assertEquals(0, delivery.get("duplicated").asLong(), delivery.toString());
        assertTrue(delivery.get("confirmedMessages").asLong() >= rate * seconds * (1 - RATE_TOLERANCE),
                delivery.toString() + context);

        double endToEnd50 = result.get("aggregatedEndToEndLatency50pct").asDouble();
        double publish50 = result.get("aggregatedPublishLatency50pct").asDouble();
        assertTrue(publish50 > 0, "publish latency measured" + context);
        assertTrue(endToEnd50 > 0 && endToEnd50 < publish50 + MAX_END_TO_END_OVER_PUBLISH_P50_MILLIS,
                "end-to-end p50 " + endToEnd50 + " ms, publish p50 " + publish50 + " ms" + context);
    }

    /**
     * The result's warnings, the client's load and one line per second of the measured phase
     * (rates, backlog, publish and end-to-end medians), for an assertion's message.
     */
    static String runContext(JsonNode result) {
        StringBuilder text = new StringBuilder();
        result.path("warnings").forEach(warning -> text.append("warning: ").append(warning.asText()).append('\n'));
        JsonNode load = result.path("clientLoad");
        if (!load.isMissingNode()) {
            text.append("client load: ").append(load.path("reasons")).append(", workers ").append(load.path("workers")).append('\n');
        }
        JsonNode samples = result.path("samples");
        text.append("second  publish/s  consume/s  backlog  publish p50 ms  end-to-end p50 ms\n");
        for (int i = 0; i < samples.path("second").size(); i++) {
            text.append(String.format("%6.1f %10.0f %10.0f %8d %15s %18s%n",
                    samples.at("/second/" + i).asDouble(), samples.at("/publishRate/" + i).asDouble(),
                    samples.at("/consumeRate/" + i).asDouble(), samples.at("/backlog/" + i).asLong(),
                    samples.at("/publishLatency50pct/" + i).asText(), samples.at("/endToEndLatency50pct/" + i).asText()));
        }
        return text.toString();
    }

    /**
     * The messages that were waiting when the measured phase began (a warm-up the machine held
     * back): the first second's backlog less what that second added. A consumer that drains them
     * runs above the rate by that much over the phase, and no more.
     */
    static long backlogAtMeasuredStart(JsonNode result) {
        JsonNode samples = result.get("samples");
        if (samples == null || samples.path("backlog").isEmpty()) {
            return 0;
        }
        double firstSecond = samples.at("/second/0").asDouble();
        double added = (samples.at("/publishRate/0").asDouble() - samples.at("/consumeRate/0").asDouble()) * firstSecond;
        return Math.max(0, Math.round(samples.at("/backlog/0").asLong() - added));
    }
}
