package io.mqbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ChoicesTest {
    enum Kind { CLASSIC, QUORUM, DUPS_OK }

    @Test
    void aNameInAnyCaseIsItsConstant() {
        assertEquals(Kind.QUORUM, Choices.choice("queueType", "QUORUM", Kind.class));
        assertEquals(Kind.DUPS_OK, Choices.choice("ackMode", " dups_ok ", Kind.class));
    }

    @Test
    void anythingElseNamesTheFieldAndTheAllowedNames() {
        assertEquals("queueType is 'mirrored'; allowed: classic, quorum, dups_ok",
                assertThrows(IllegalArgumentException.class, () -> Choices.choice("queueType", "mirrored", Kind.class)).getMessage());
        assertEquals("queueType is empty; allowed: classic, quorum, dups_ok",
                assertThrows(IllegalArgumentException.class, () -> Choices.choice("queueType", " ", Kind.class)).getMessage());
        assertEquals("queueType is empty; allowed: classic, quorum, dups_ok",
                assertThrows(IllegalArgumentException.class, () -> Choices.choice("queueType", null, Kind.class)).getMessage());
    }

    @Test
    void atLeastNamesTheFieldAndTheMinimum() {
        Choices.atLeast("prefetch", 0, 0);
        assertEquals("ackEvery is 0; allowed: 1 or more",
                assertThrows(IllegalArgumentException.class, () -> Choices.atLeast("ackEvery", 0, 1)).getMessage());
    }
}
