package io.mqbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mqbench.coordinator.maxrate.RateSearch;
import io.mqbench.result.TestResult;
import io.mqbench.workload.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The console's account of the search's last climb (the report's is in the Python tests), and the rate a result names. */
class MaxRateModeTest {

    @Test
    void aClimbThatRaisedTheRateSaysFromWhere() {
        assertEquals(", climbed from 28,191", MaxRateMode.climbText(discovery(28_191.0, 33_440)));
    }

    @Test
    void aClimbThatCameDownSaysTheBracketsRateNoLongerHeld() {
        assertEquals(", down from 19,698: it no longer held in the last climb", MaxRateMode.climbText(discovery(19_698.0, 17_867)));
    }

    @Test
    void noClimbOrAClimbThatStayedSaysNothing() {
        assertEquals("", MaxRateMode.climbText(discovery(null, 15_157)));
        assertEquals("", MaxRateMode.climbText(discovery(15_157.0, 15_157)));
    }

    @Test
    void aRunEndedWhileTheProducersPausedBeforeTheMeasuredPhaseKeepsTheRateFound() {
        Workload workload = new Workload();
        workload.producerRate = 0;
        RunContext ctx = new RunContext(null, null, workload, null, List.of(), null, null);
        MaxRateMode mode = new MaxRateMode();
        ctx.assembler.rateDiscovery(discovery(null, 35_655));
        ctx.targetRate = 0; // the producers' rate while they pause to drain what the search left
        assertEquals(35_655.0, mode.resultTargetRate(ctx));
        ctx.measuredAttemptRate = 33_872.0;
        assertEquals(33_872.0, mode.resultTargetRate(ctx), "a retry's rate, once it has begun");
        ctx.assembler.rateDiscovery(new TestResult.RateDiscovery());
        assertNull(mode.resultTargetRate(ctx), "no rate found: the run ended during the search");
    }

    @Test
    void aTrialThatAchievedClearlyMoreThanTheRateFoundIsWarnedOf() {
        // The RabbitMQ search of 2026-12-05 06:56: 35,850 msg/s held at 1:05, then a slow spell; found 19,520.
        TestResult.RateDiscovery found = discovery(21_983.0, 19_520);
        RateSearch.Achieved most = new RateSearch.Achieved(trial(65.3, "ramp", 35_850, 35_278, 35_222, "sustainable"), 35_222);
        assertEquals("the system's capacity moved during the search: a trial at 1:05 achieved 35,222 msg/s (ramp at 35,850),"
                + " 80% more than the rate found, 19,520; the measured phase shows the system as it was at the search's end,"
                + " and a repeat of the run may find as much more", MaxRateMode.recordCapacityMoved(found, most, Double.NaN));
        assertEquals(35_222.0, found.mostAchievedRate);
        assertEquals(Boolean.TRUE, found.capacityMoved, "the result says so in a field of its own, not only in the warning");
    }

    @Test
    void theHostsShareDuringTheSearchIsNamedWhenItWasNotable() {
        // The RabbitMQ search of 2026-12-07 13:58 went down from 36 k to 26.8 k while the host took
        // a share of the machine; 0.1 % is under the notable 0.2 % and is left out.
        RateSearch.Achieved most = new RateSearch.Achieved(trial(41.0, "recheck", 38_532, 39_157, 39_150, "sustainable"), 39_157);
        String moved = "the system's capacity moved during the search: a trial at 0:41 achieved 39,157 msg/s (recheck at 38,532),"
                + " 46% more than the rate found, 26,767; the measured phase shows the system as it was at the search's end,"
                + " and a repeat of the run may find as much more";
        assertEquals(moved + "; the host of the client's virtual machine took 6.4% of its CPU during the search (steal time),"
                + " a cause of slow spells", MaxRateMode.recordCapacityMoved(discovery(33_018.0, 26_767), most, 0.064));
        assertEquals(moved, MaxRateMode.recordCapacityMoved(discovery(33_018.0, 26_767), most, 0.001));
        assertEquals(moved, MaxRateMode.recordCapacityMoved(discovery(33_018.0, 26_767), most, Double.NaN), "unknown");
    }

    @Test
    void aTrialNearTheRateFoundOrNoneIsNoCapacityThatMoved() {
        TestResult.RateDiscovery found = discovery(38_900.0, 38_900);
        // 9.6 % above: within the noise allowed.
        RateSearch.Achieved near = new RateSearch.Achieved(trial(75.8, "narrow", 42_500, 42_700, 42_650, "sustainable"), 42_650);
        assertNull(MaxRateMode.recordCapacityMoved(found, near, 0.05));
        assertEquals(42_650.0, found.mostAchievedRate);
        assertEquals(Boolean.FALSE, found.capacityMoved);
        assertNull(MaxRateMode.recordCapacityMoved(found, null, 0.05), "no trial held");
        assertNull(found.mostAchievedRate);
        assertNull(found.capacityMoved, "nothing to compare");
        found.foundRate = null;
        assertNull(MaxRateMode.recordCapacityMoved(found, near, 0.05), "no rate found: nothing to compare");
        assertEquals(42_650.0, found.mostAchievedRate);
        assertNull(found.capacityMoved);
    }

    private static TestResult.RateTrial trial(double second, String stage, double target, double published, double consumed,
            String verdict) {
        TestResult.RateTrial trial = new TestResult.RateTrial();
        trial.second = second;
        trial.stage = stage;
        trial.targetRate = target;
        trial.publishRate = published;
        trial.consumeRate = consumed;
        trial.verdict = verdict;
        return trial;
    }

    private static TestResult.RateDiscovery discovery(Double climbedFrom, double found) {
        TestResult.RateDiscovery discovery = new TestResult.RateDiscovery();
        discovery.climbedFromRate = climbedFrom;
        discovery.foundRate = found;
        return discovery;
    }
}
