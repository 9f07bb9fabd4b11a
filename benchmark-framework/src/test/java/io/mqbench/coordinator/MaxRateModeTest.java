package io.mqbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mqbench.result.TestResult;
import org.junit.jupiter.api.Test;

/** The console's account of the search's last climb (the report's is in the Python tests). */
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

    private static TestResult.RateDiscovery discovery(Double climbedFrom, double found) {
        TestResult.RateDiscovery discovery = new TestResult.RateDiscovery();
        discovery.climbedFromRate = climbedFrom;
        discovery.foundRate = found;
        return discovery;
    }
}
