package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.config.SetOverrides;
import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.result.RunEnd;
import io.mqbench.result.TestResult;
import io.mqbench.testing.LoopbackDriverYaml;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepeatSpreadTest {
    @TempDir
    Path dir;

    @Test
    void repeatsFurtherApartThanFivePercentSayWhatThatMeans() {
        // The two mqbench runs of RabbitMQ side by side on 2026-12-05 at 10:48-11:08; the first did not hold its rate found.
        assertEquals("repeats of 'max-1kb' on 'RabbitMQ' (2 complete runs): publish rate 31,016 to 35,397 msg/s, 14.1% apart"
                + " (1 of them did not hold the rate its search found)"
                + " (more than 5%: one run of this system is good to no better than that); e2e p99 3.27 to 212 ms",
                RepeatSpread.line("'max-1kb' on 'RabbitMQ'", List.of(35_397.0, 31_016.0), List.of(212.4, 3.271), 1, 0));
        assertEquals("repeats of 'w' on 'Kafka' (3 complete runs): publish rate 1,000 to 1,040 msg/s, 4.0% apart; e2e p99 0.950 to 12.5 ms",
                RepeatSpread.line("'w' on 'Kafka'", List.of(1_000.0, 1_040.0, 1_020.0), List.of(12.5, 0.95, 3.0), 0, 0));
        assertEquals("repeats of 'sends' on 'Redis' (2 complete runs): publish rate 100,000 to 102,000 msg/s, 2.0% apart",
                RepeatSpread.line("'sends' on 'Redis'", List.of(100_000.0, 102_000.0), List.of(0.0, 0.0), 0, 0), "no consumers, no e2e p99");
    }

    @Test
    void runsWhoseCapacityMovedDuringTheSearchAreCounted() {
        // The uncapped loopback's two searches of 2026-12-05 13:18-13:35; the first held 2.28 M at 0:48 and found 1.97 M.
        assertEquals("repeats of 'search' on 'Loopback' (2 complete runs): publish rate 1,965,624 to 2,098,960 msg/s, 6.8% apart"
                + " (1 of them did not hold the rate its search found; in 1 the system's capacity moved during the search)"
                + " (more than 5%: one run of this system is good to no better than that); e2e p99 0.777 to 0.900 ms",
                RepeatSpread.line("'search' on 'Loopback'", List.of(1_965_624.0, 2_098_960.0), List.of(0.777, 0.9), 1, 1));
        assertEquals("repeats of 'w' on 'Kafka' (2 complete runs): publish rate 1,000 to 1,010 msg/s, 1.0% apart"
                + " (in 2 the system's capacity moved during the search); e2e p99 1.00 to 1.00 ms",
                RepeatSpread.line("'w' on 'Kafka'", List.of(1_000.0, 1_010.0), List.of(1.0, 1.0), 0, 2));
    }

    @Test
    void eachPointGetsOneLineFromItsCompleteRunsAndCountsTheMaxRateRunsThatDidNotHold() {
        Path driver = TempFiles.write(dir, "d.yaml", LoopbackDriverYaml.named("L"));
        Path workload = TempFiles.write(dir, "w.yaml", TempFiles.fixedRateWorkloadText("w", 1, 100, 0, 1, 0));
        RunPlan plan = RunPlan.load(List.of(driver.toFile()), List.of(workload.toFile()), null, null, SetOverrides.NONE, false);
        List<RunPoint> points = plan.rounds(3);
        List<BenchmarkRun.Outcome> outcomes = new ArrayList<>(List.of(
                outcome(270_155, true, RunEnd.Status.COMPLETE), outcome(322_370, false, RunEnd.Status.COMPLETE),
                outcome(100, true, RunEnd.Status.PARTIAL)));
        outcomes.get(0).result().rateDiscovery.capacityMoved = true;
        outcomes.get(2).result().rateDiscovery.capacityMoved = true;
        assertEquals(List.of("repeats of 'w' on 'L' (2 complete runs): publish rate 270,155 to 322,370 msg/s, 19.3% apart"
                + " (1 of them did not hold the rate its search found; in 1 the system's capacity moved during the search)"
                + " (more than 5%: one run of this system is good to no better than that); e2e p99 280 to 280 ms"),
                RepeatSpread.lines(points, outcomes), "the partial run is left out");
        assertEquals(List.of(), RepeatSpread.lines(points, outcomes.subList(0, 1)), "one run: nothing to compare");
    }

    private static BenchmarkRun.Outcome outcome(double published, boolean held, RunEnd.Status status) {
        TestResult result = new TestResult();
        result.summary = new TestResult.Summary();
        result.summary.measuredSeconds = 30;
        result.summary.publishRate = new TestResult.Spread();
        result.summary.publishRate.mean = published;
        result.aggregatedEndToEndLatency99pct = 280;
        result.rateDiscovery = new TestResult.RateDiscovery();
        TestResult.MeasuredPhaseCheck check = new TestResult.MeasuredPhaseCheck();
        check.held = held;
        result.rateDiscovery.measuredPhases.add(check);
        return new BenchmarkRun.Outcome(result, Path.of("r.json"), status);
    }
}
