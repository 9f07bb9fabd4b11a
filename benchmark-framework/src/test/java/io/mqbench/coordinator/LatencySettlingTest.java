package io.mqbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.result.TestResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The rule of {@link LatencySettling}, on the per-period p99s of real runs. */
class LatencySettlingTest {
    private static final Duration FIVE_SECONDS = Duration.ofSeconds(5);

    @Test
    void aFreshlyStartedKafkaBrokerIsStillSettling() {
        // The quickstart's run on this project's machine: end-to-end p99 per 10-s period, in ms.
        Optional<String> warning = LatencySettling.warning(endToEnd(146.0, 34.6, 8.59), true, FIVE_SECONDS);
        assertEquals(Optional.of("end-to-end latency was still settling when the measured phase began: p99 146 ms in its"
                + " first 10 s, 8.59 ms in its second half; the run's figures include the start-up of the client or the"
                + " broker (JIT compilation, caches, a broker just started): a longer warm-up than 5s (--warmup, or the"
                + " workload's warmupDurationMinutes) leaves it out"), warning);
    }

    @Test
    void theJudgementIsKeptWhetherSettledOrNot() {
        TestResult.LatencySettling start = LatencySettling.judge(endToEnd(146.0, 34.6, 8.59), true).orElseThrow();
        assertEquals(List.of(false, "end-to-end", 146.0, 10.0, 8.59), List.of(start.settled, start.latency,
                start.firstPeriodP99Ms, start.firstPeriodSeconds, start.secondHalfP99Ms));
        TestResult.LatencySettling steady = LatencySettling.judge(endToEnd(5.54, 2.35, 2.77), true).orElseThrow();
        assertEquals(List.of(true, 5.54, 2.77), List.of(steady.settled, steady.firstPeriodP99Ms, steady.secondHalfP99Ms));
        assertEquals(Optional.empty(), LatencySettling.judge(endToEnd(500.0), true), "one period is not judged");
    }

    @Test
    void aStartLongerThanOnePeriodIsJudgedAgainstTheSecondHalf() {
        // The quickstart again: 73.4 against a median of 38 over the later two periods would pass;
        // the run was still settling in its second period too (5-9 ms once the broker was warm).
        assertTrue(LatencySettling.warning(endToEnd(73.4, 59.7, 16.8), true, FIVE_SECONDS).isPresent());
        assertTrue(LatencySettling.warning(endToEnd(40.0, 30.0, 12.0, 2.5, 3.1, 2.9), true, FIVE_SECONDS).isPresent());
    }

    @Test
    void aWarmBrokerWithANewClientToo() {
        assertTrue(LatencySettling.warning(endToEnd(143.0, 7.0, 5.04), true, FIVE_SECONDS).isPresent());
    }

    @Test
    void aSettledRunWithTheUsualSpreadIsNot() {
        // The third run on the warm broker: 2.2 times, below the ratio of 3.
        assertEquals(Optional.empty(), LatencySettling.warning(endToEnd(5.54, 2.35, 2.77), true, FIVE_SECONDS));
        // Steady at a high level: a first period among similar ones.
        assertEquals(Optional.empty(), LatencySettling.warning(endToEnd(95.0, 98.0, 140.0, 60.0), true, FIVE_SECONDS));
        assertEquals(Optional.empty(), LatencySettling.warning(endToEnd(6.0, 5.0, 2.0, 5.0, 6.0), true, FIVE_SECONDS));
    }

    @Test
    void theSecondHalfsMedianIsTheLevelSoOneLateSpikeDoesNotHideTheStart() {
        assertTrue(LatencySettling.warning(endToEnd(40.0, 3.0, 2.5, 3.0, 900.0, 3.1, 2.8), true, FIVE_SECONDS).isPresent());
    }

    @Test
    void microsecondsOfJitterAreNotAStart() {
        // An in-memory driver: 0.9 ms against 0.06 ms is 15 times, but under a millisecond apart.
        assertEquals(Optional.empty(), LatencySettling.warning(endToEnd(0.9, 0.06, 0.05), true, FIVE_SECONDS));
        assertTrue(LatencySettling.warning(endToEnd(1.2, 0.06, 0.05), true, FIVE_SECONDS).isPresent());
    }

    @Test
    void producersOnlyAreJudgedOnPublishLatency() {
        TestResult result = new TestResult();
        result.publishLatency99pct = new ArrayList<>(List.of(60.0, 4.0, 4.2));
        result.periodSeconds = new ArrayList<>(List.of(10.0, 10.0, 10.0));
        Optional<String> warning = LatencySettling.warning(result, false, Duration.ofMinutes(1));
        assertTrue(warning.orElseThrow().startsWith("publish latency was still settling"), warning.toString());
        assertTrue(warning.orElseThrow().contains("a longer warm-up than 1m"), warning.toString());
        // With consumers that recorded nothing (end-to-end all 0), publish latency too.
        result.endToEndLatency99pct = new ArrayList<>(List.of(0.0, 0.0, 0.0));
        assertTrue(LatencySettling.warning(result, true, FIVE_SECONDS).orElseThrow().startsWith("publish latency"));
    }

    @Test
    void oneShortPeriodOrAPeriodWithoutLatenciesIsNotJudged() {
        assertEquals(Optional.empty(), LatencySettling.warning(endToEnd(500.0), true, FIVE_SECONDS));
        assertEquals(Optional.empty(), LatencySettling.warning(endToEnd(500.0, null, 3.0), true, FIVE_SECONDS));
    }

    @Test
    void aLastPeriodOfUnderOneAndAHalfSecondsIsNoLevel() {
        TestResult result = endToEnd(146.0, 34.6, 8.59);
        result.periodSeconds.set(2, 1.2);
        // Without the 1.2-s period the second half is the 34.6 ms period: 4.2 times, still a start.
        assertTrue(LatencySettling.warning(result, true, FIVE_SECONDS).orElseThrow().contains("34.6 ms in its second half"));
        TestResult twoPeriods = endToEnd(146.0, 8.59);
        twoPeriods.periodSeconds.set(1, 0.4);
        assertEquals(Optional.empty(), LatencySettling.warning(twoPeriods, true, FIVE_SECONDS));
        twoPeriods.periodSeconds.set(1, 1.5);
        assertTrue(LatencySettling.warning(twoPeriods, true, FIVE_SECONDS).isPresent());
    }

    private static TestResult endToEnd(Double... p99s) {
        TestResult result = new TestResult();
        result.endToEndLatency99pct = new ArrayList<>(Arrays.asList(p99s));
        result.publishLatency99pct = new ArrayList<>(Arrays.asList(p99s));
        for (int i = 0; i < p99s.length; i++) {
            result.periodSeconds.add(10.0);
        }
        return result;
    }
}
