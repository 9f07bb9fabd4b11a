package io.mqbench.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.support.FieldClearance;
import org.junit.jupiter.api.Test;

/** What a recording thread writes on every message is kept 128 bytes from any other object. */
class PaddedRecordingTest {
    @Test
    void theLanesCountAndPhaserArePadded() throws Exception {
        long clearance = FieldClearance.of(Class.forName(PeriodRecorder.class.getName() + "$Lane"),
                "startEpoch", "evenEndEpoch", "oddEndEpoch", "total", "active");
        assertTrue(clearance >= 128, "only " + clearance + " bytes");
    }

    @Test
    void theBuffersFieldsArePadded() throws Exception {
        long clearance = FieldClearance.of(Class.forName(PeriodRecorder.class.getName() + "$Buffer"),
                "publish", "publishDelay", "endToEnd", "bytesSent", "bytesReceived", "sendErrors");
        assertTrue(clearance >= 128, "only " + clearance + " bytes");
    }

    @Test
    void theHistogramsCountIsPadded() throws Exception {
        long clearance = FieldClearance.of(PaddedHistogram.class, "totalCount");
        assertTrue(clearance >= 128, "only " + clearance + " bytes");
    }
}
