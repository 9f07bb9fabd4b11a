package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JsonSchemas;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.Timing;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code producerRate: 0} through the command line against the loopback driver given a known
 * capacity: the search must converge just below it, the measured phase must run at the rate found
 * and hold it, and the result must say all of that. The larger capacities of the issue (50 000 and
 * 400 000 msg/s) are measured in driver-loopback's README, not here: on a busy 2-core CI machine
 * the harness itself may not reach them steadily.
 */
class MaxRateRunTest {
    private static final String LOOPBACK = "driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver\n";

    @TempDir
    Path dir;

    @Test
    void theSearchConvergesJustBelowAMessageCapacityAndTheMeasuredPhaseHoldsIt() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback-2k\n" + LOOPBACK + "capacity: {messagesPerSecond: 2000}\n");
        JsonNode r = run(driver, workload(100, ""));
        assertFoundNear(r, 2000);
    }

    @Test
    void theByteLimitBindsForLargeMessages() throws Exception {
        // 20 MB/s of 10 KB messages is 2 048 msg/s, far below the message limit.
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback-20MB\n" + LOOPBACK
                + "capacity: {messagesPerSecond: 400000, bytesPerSecond: 20MB/s}\n");
        JsonNode r = run(driver, workload(10_240, ""));
        assertFoundNear(r, 2048);
        assertEquals(20, r.at("/summary/publishThroughputMBps").asDouble(), 20 * 0.03);
    }

    @Test
    @Timing
    void aLatencyLimitFindsTheKneeOfTheLatencyCurve() throws Exception {
        // 5 ms delivery delay and a consumer capacity of 5 000 msg/s: below it the p99 stays at
        // about 5 ms, above it the backlog (and with it the latency) grows without bound, so a
        // p99 limit of 8 ms is crossed at the capacity. Just below the knee (99 % of the
        // capacity) a pause of a few ms takes a second to drain, so a 12-s measured phase may see
        // a p99 above the limit that the search's 4-s trial did not (seen in CI: 8.4 and 9.8 ms):
        // the user's answer to that is maxRateRetries, which measures again 5 % lower.
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback-5ms-5k\n" + LOOPBACK
                + "deliveryLatency: {distribution: fixed, meanMs: 5}\nconsumerCapacity: {messagesPerSecond: 5000}\n");
        JsonNode r = run(driver, workload(100, "maxRateLatencyLimit: {percentile: 99, endToEndMs: 8}\nmaxRateRetries: 2\n"));
        JsonNode discovery = r.get("rateDiscovery");
        assertEquals("p99 end-to-end <= 8 ms", discovery.get("objective").asText());
        assertTrue(discovery.get("converged").asBoolean(), discovery.toString());
        assertEquals(5000, discovery.get("foundRate").asDouble(), 5000 * 0.05, "within 5 % of the knee");
        for (JsonNode trial : discovery.get("trials")) {
            assertTrue(trial.has("latencyMs"), "every trial has its p99: " + trial);
        }
        JsonNode phases = discovery.get("measuredPhases");
        JsonNode last = phases.get(phases.size() - 1);
        assertTrue(last.get("held").asBoolean(), phases.toString());
        assertTrue(last.get("latencyMs").asDouble() <= 8, phases.toString());
        assertEquals(5000, last.get("targetRate").asDouble(), 5000 * 0.11, "at most two steps of 5 % below the knee: " + phases);
    }

    @Test
    void aMeasuredPhaseThatDoesNotHoldIsFlaggedAndRetriedLower() throws Exception {
        // maxRateLatencyLimit at the edge of what the injected 5 ms allows: the search finds rates
        // that pass a 4 s window by luck of the draw, the 12 s measured phase is held to the same
        // limit. Whether the first attempt holds or not, every attempt is recorded, and one that
        // did not hold is followed by one 5 % lower.
        Path driver = TempFiles.write(dir, "d.yaml", "name: Loopback-edge\n" + LOOPBACK
                + "deliveryLatency: {distribution: exponential, meanMs: 1}\nconsumerCapacity: {messagesPerSecond: 3000}\n");
        JsonNode r = run(driver, workload(100, "maxRateLatencyLimit: {percentile: 99.9, endToEndMs: 9}\nmaxRateRetries: 2\n"));
        JsonNode phases = r.at("/rateDiscovery/measuredPhases");
        assertTrue(phases.size() >= 1 && phases.size() <= 3, phases.toString());
        for (int i = 1; i < phases.size(); i++) {
            assertTrue(!phases.get(i - 1).get("held").asBoolean(), "only a phase that did not hold is retried");
            assertEquals(phases.get(i - 1).get("targetRate").asDouble() * 0.95, phases.get(i).get("targetRate").asDouble(), 2);
        }
        JsonNode last = phases.get(phases.size() - 1);
        assertEquals(last.get("targetRate").asDouble(), r.get("targetRate").asDouble(), 1, "targetRate is the last attempt's");
        boolean warned = r.has("warnings") && r.get("warnings").toString().contains("did not hold");
        assertEquals(!last.get("held").asBoolean(), warned, "a phase that did not hold is a warning: " + r.get("warnings"));
    }

    private void assertFoundNear(JsonNode r, double capacity) {
        assertEquals("complete", r.get("status").asText());
        assertEquals("max-rate", r.get("mode").asText());
        JsonNode discovery = r.get("rateDiscovery");
        assertTrue(discovery.get("converged").asBoolean(), discovery.toString());
        double found = discovery.get("foundRate").asDouble();
        assertTrue(found <= capacity * 1.006 && found >= capacity * 0.97, "found " + found + " for a capacity of " + capacity);
        assertEquals(found, r.get("targetRate").asDouble(), 0.5, "the measured phase ran at the rate found");
        assertTrue(discovery.get("warmupExtendedSeconds").asDouble() > 0, "a 2 s warm-up is too short for the search");
        JsonNode measured = discovery.get("measuredPhases");
        assertEquals(1, measured.size());
        assertTrue(measured.get(0).get("held").asBoolean(), measured.toString());
        assertTrue(Math.abs(measured.get(0).get("backlogSlope").asDouble()) <= found * 0.005, measured.toString());
        assertEquals(found, r.at("/summary/publishRate/mean").asDouble(), found * 0.01, "published at the rate found");
        assertEquals(found, r.at("/summary/consumeRate/mean").asDouble(), found * 0.01, "and consumed it");
        assertNull(r.get("warnings"), "no warning for a converged search whose rate held");
        JsonNode trials = discovery.get("trials");
        assertEquals("ramp", trials.get(0).get("stage").asText());
        assertEquals("confirm", trials.get(trials.size() - 1).get("stage").asText());
        assertEquals(0, r.at("/delivery/lost").asLong());
        assertTrue(r.at("/delivery/drained").asBoolean());
    }

    private JsonNode run(Path driver, Path workload) throws Exception {
        Path out = dir.resolve("results");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out.toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        assertTrue(run.out().contains("[search 0:00] ramp    1,000 msg/s"), run.out());
        assertTrue(run.out().contains("warm-up extended"), run.out());
        JsonNode result = BenchmarkCli.onlyResult(out);
        JsonSchemas.assertValid(JsonSchemas.file("result.schema.json"), result, "a max-rate result (with its rate search)");
        return result;
    }

    private Path workload(int size, String extra) {
        return TempFiles.write(dir, "w.yaml", String.format("""
                name: max
                topics: 1
                partitionsPerTopic: 1
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                messageSize: %d
                producerRate: 0
                testDurationSeconds: 12
                warmupDurationSeconds: 2
                """, size) + extra);
    }
}
