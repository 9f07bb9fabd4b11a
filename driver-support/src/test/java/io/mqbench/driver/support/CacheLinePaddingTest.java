package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CacheLinePaddingTest {
    /** Written fields of every size: the JVM fills gaps with a subclass's small fields. */
    @SuppressWarnings("unused")
    private static class WrittenFields extends CacheLinePadding {
        long count;
        int round;
        boolean flag;
        byte mark;
        Object last;
    }

    @SuppressWarnings("unused")
    private static final class Padded extends WrittenFields {
        long t00, t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15;
    }

    @Test
    void everyWrittenFieldIsAtLeast128BytesFromBothEndsOfTheObject() throws Exception {
        long clearance = FieldClearance.of(Padded.class, "count", "round", "flag", "mark", "last");
        assertTrue(clearance >= 128, "only " + clearance + " bytes");
    }
}
