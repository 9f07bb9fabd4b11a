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
    /** Loopback end-to-end medians are milliseconds; a second-resolution timestamp would give ~500. */
    private static final double MAX_END_TO_END_P50_MILLIS = 100;

    private SteadyRun() {}

    /** The checks, with the consume rate held to the same 2 % as the publish rate. */
    public static void assertSteady(JsonNode result, int rate, int seconds) {
        assertSteady(result, rate, seconds, RATE_TOLERANCE);
    }

    /**
     * The checks, with the consume rate allowed {@code consumeTolerance} (a share of the rate) for
     * a consumer that catches up on the warm-up's backlog in the measured phase.
     */
    public static void assertSteady(JsonNode result, int rate, int seconds, double consumeTolerance) {
        assertEquals("complete", result.get("status").asText(), result.at("/summary").toString());
        assertEquals(rate, result.at("/summary/publishRate/mean").asDouble(), rate * RATE_TOLERANCE,
                "publish rate within 2 % of the target");
        assertEquals(rate, result.at("/summary/consumeRate/mean").asDouble(), rate * consumeTolerance,
                "consumers keep up");
        assertEquals(0, result.at("/summary/sendErrors").asLong(), "send errors");

        JsonNode delivery = result.get("delivery");
        assertTrue(delivery.get("checked").asBoolean(), delivery.toString());
        assertTrue(delivery.get("drained").asBoolean(), "every confirmed message arrived: " + delivery);
        assertEquals(0, delivery.get("missing").asLong(), delivery.toString());
        assertEquals(0, delivery.get("lost").asLong(), delivery.toString());
        assertEquals(0, delivery.get("duplicated").asLong(), delivery.toString());
        assertTrue(delivery.get("confirmedMessages").asLong() >= rate * seconds * (1 - RATE_TOLERANCE),
                delivery.toString());

        double endToEnd50 = result.get("aggregatedEndToEndLatency50pct").asDouble();
        assertTrue(endToEnd50 > 0 && endToEnd50 < MAX_END_TO_END_P50_MILLIS, "end-to-end p50 " + endToEnd50 + " ms");
        assertTrue(result.get("aggregatedPublishLatency50pct").asDouble() > 0, "publish latency measured");
    }
}
