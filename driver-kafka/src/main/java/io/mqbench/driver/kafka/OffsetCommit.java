package io.mqbench.driver.kafka;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a consumer commits the offsets of the records it handed to the harness. Either way the
 * commit comes after the callback, so a crash re-delivers rather than loses (at-least-once).
 */
public enum OffsetCommit {
    /** commitAsync after each poll: the poll loop never waits for the group coordinator. */
    ASYNC,
    /** commitSync after each poll: one coordinator round trip per poll, fewer re-deliveries after a crash. */
    SYNC;

    @JsonCreator
    static OffsetCommit parse(String text) {
        for (OffsetCommit mode : values()) {
            if (mode.toString().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new IllegalArgumentException("offsetCommit: '" + text + "' is not allowed; allowed: "
                + Arrays.stream(values()).map(OffsetCommit::toString).collect(Collectors.joining(", ")));
    }

    @JsonValue
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
