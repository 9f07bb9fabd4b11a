package io.mqbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How far a worker's clock is from the coordinator's: {@code offsetMicros} = worker time minus
 * coordinator time, from the round trip with the smallest {@code roundTripMicros} of {@code
 * samples} tries (the true offset lies within half that round trip of the estimate). Null values
 * and a {@code note} when the worker cannot tell its time (an upstream OMB worker).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClockOffset(String worker, Long offsetMicros, Long roundTripMicros, int samples, String note) {

    /** Offsets above this make cross-host end-to-end latencies visibly wrong: the run warns. */
    public static final long WARN_ABOVE_MICROS = 1_000;

    public static ClockOffset unknown(String worker, String why) {
        return new ClockOffset(worker, null, null, 0, why);
    }

    public boolean known() {
        return offsetMicros != null;
    }

    /** How far the true offset may be from the estimate: half the round trip. */
    public long uncertaintyMicros() {
        return known() ? (roundTripMicros + 1) / 2 : Long.MAX_VALUE;
    }

    /** The offset is above the warning limit even at the near end of its uncertainty. */
    public boolean surelyAboveLimit() {
        return known() && Math.abs(offsetMicros) - uncertaintyMicros() > WARN_ABOVE_MICROS;
    }

    /** The round trips were too slow to tell whether the offset is within the limit. */
    public boolean tooUncertain() {
        return known() && !surelyAboveLimit() && Math.abs(offsetMicros) + uncertaintyMicros() > WARN_ABOVE_MICROS;
    }
}
