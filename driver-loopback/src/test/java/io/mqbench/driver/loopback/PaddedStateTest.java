package io.mqbench.driver.loopback;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.support.FieldClearance;
import org.junit.jupiter.api.Test;

/** What the consumer writes on every message is kept 128 bytes from anything the sends read. */
class PaddedStateTest {
    @Test
    void theConsumersRoundIsPadded() throws Exception {
        long clearance = FieldClearance.of(Class.forName(LoopbackConsumer.class.getName() + "$Round"),
                "delivered", "paceBound", "dense", "waited");
        assertTrue(clearance >= 128, "only " + clearance + " bytes");
    }

    @Test
    void theLanesConsumerSideIsPadded() throws Exception {
        long clearance = FieldClearance.of(Class.forName(SendOrderLanes.class.getName() + "$ConsumerSide"),
                "peeked", "emptyUntilDropCheck");
        assertTrue(clearance >= 128, "only " + clearance + " bytes");
    }
}
