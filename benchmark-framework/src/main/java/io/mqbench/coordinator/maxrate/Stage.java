package io.mqbench.coordinator.maxrate;

import java.util.Locale;

/** The kinds of trial the search runs, each with how long its rate settles and how long its window is. */
enum Stage {
    RAMP(500, 1_500), NARROW(1_000, 4_000), RETEST(1_000, 4_000), CONFIRM(1_000, 4_000), RECHECK(1_000, 4_000),
    /** Long enough for a minute's behaviour (bursts of flow control, a slowly growing confirm lag) to show. */
    CLIMB(1_000, 20_000);

    final long settleMillis;
    final long windowMillis;

    Stage(long settleMillis, long windowMillis) {
        this.settleMillis = settleMillis;
        this.windowMillis = windowMillis;
    }

    /** The name a trial carries in the result and on the console. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
