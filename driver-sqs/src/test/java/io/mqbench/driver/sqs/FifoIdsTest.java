package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FifoIdsTest {
    @Test
    void theKeyIsTheMessageGroup() {
        FifoIds ids = new FifoIds();
        assertEquals("key-17", ids.groupId(Optional.of("key-17")));
        assertEquals("12345", ids.groupId(Optional.of("12345")));
    }

    @Test
    void withoutAKeyEachProducerHasItsOwnGroup() {
        FifoIds one = new FifoIds();
        FifoIds other = new FifoIds();
        assertEquals(one.groupId(Optional.empty()), one.groupId(Optional.empty()));
        assertEquals(one.groupId(Optional.empty()), one.groupId(Optional.of("")));
        assertNotEquals(one.groupId(Optional.empty()), other.groupId(Optional.empty()));
    }

    @Test
    void aKeySqsWouldRefuseGetsAStableValidStandIn() {
        String group = FifoIds.valid("clé with spaces");
        assertEquals(group, FifoIds.valid("clé with spaces"));
        assertNotEquals(group, FifoIds.valid("clé with space"));
        assertTrue(group.matches("[A-Za-z0-9]{1,128}"), group);
        assertTrue(FifoIds.valid("k".repeat(200)).length() <= FifoIds.MAX_LENGTH);
    }

    @Test
    void deduplicationIdsNeverRepeatWithinOrAcrossProducers() {
        Set<String> seen = new HashSet<>();
        for (FifoIds ids : new FifoIds[] {new FifoIds(), new FifoIds()}) {
            for (int i = 0; i < 10_000; i++) {
                String id = ids.nextDeduplicationId();
                assertTrue(id.length() <= FifoIds.MAX_LENGTH);
                assertTrue(seen.add(id), id);
            }
        }
    }
}
