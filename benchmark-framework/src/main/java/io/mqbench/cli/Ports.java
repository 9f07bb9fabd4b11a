package io.mqbench.cli;

import io.mqbench.config.UserError;

/** Port options of both commands, checked alike before anything listens. */
final class Ports {
    private Ports() {}

    /** 0 is allowed: the system picks a free port, and the command prints it. */
    static int check(int value, String option) {
        if (value < 0 || value > 65_535) {
            throw new UserError(option + ": " + value + " is not a port; allowed: 0 to 65535");
        }
        return value;
    }
}
