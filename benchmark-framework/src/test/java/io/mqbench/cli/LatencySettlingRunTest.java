package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fixed-rate run whose measured phase begins before latency has settled says so (the rule is
 * {@code LatencySettling}'s, tested on its own in the coordinator's tests): here the loopback holds
 * every delivery for 1.5 s just after the warm-up, as a broker still starting might, and the run's
 * end-to-end p99 is that start. A steady run says nothing: {@code LoopbackRunTest}'s fixed-rate run
 * checks that (a timing test, run alone: beside other test JVMs the scheduler adds milliseconds to
 * a p99).
 */
class LatencySettlingRunTest {
    private static final String LOOPBACK = LoopbackDriverYaml.named("Loopback");
    private static final String WARNING = "end-to-end latency was still settling when the measured phase began";

    @TempDir
    Path dir;

    @Test
    void aSlowStartOfTheMeasuredPhaseIsAWarning() throws Exception {
        // The stall's clock starts at the first send (the subscription probes, about a second
        // before the 2-s warm-up), so it falls 1-3 s into the measured phase's first 10-s period.
        BenchmarkCli stalled = run("stalled", LOOPBACK + "deliveryStall: {afterMs: 4500, forMs: 1500}\n");
        JsonNode slow = BenchmarkCli.onlyResult(dir.resolve("stalled"));
        List<Double> p99s = new ArrayList<>();
        slow.path("endToEndLatency99pct").forEach(p99 -> p99s.add(p99.asDouble()));
        assertTrue(p99s.get(0) > 1000 && p99s.get(1) < 100, "the stall is in the first period only: " + p99s);
        assertTrue(slow.path("warnings").toString().contains(WARNING), slow.path("warnings").toString());
        assertTrue(stalled.out().contains("WARNING: " + WARNING), stalled.out());
        assertTrue(slow.path("warnings").toString().contains("a longer warm-up than 2s"), slow.path("warnings").toString());
        JsonNode judged = slow.path("latencySettling");
        assertEquals(false, judged.path("settled").asBoolean(true), judged.toString());
        assertEquals("end-to-end", judged.path("latency").asText(), judged.toString());
        assertEquals(p99s.get(0), judged.path("firstPeriodP99Ms").asDouble(), 0.001, judged.toString());
        assertEquals(p99s.get(1), judged.path("secondHalfP99Ms").asDouble(), 0.001, "the second half is the 3-s period");
    }

    /** 2,000 msg/s of 100 B, a 2-s warm-up and 13 s measured: two periods (10 s and 3 s). */
    private BenchmarkCli run(String name, String driverText) {
        Path driver = TempFiles.write(dir, name + "-driver.yaml", driverText);
        Path workload = TempFiles.fixedRateWorkload(dir, name, 1, 100, 2000, 13, 2);
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", dir.resolve(name).toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        return run;
    }
}
