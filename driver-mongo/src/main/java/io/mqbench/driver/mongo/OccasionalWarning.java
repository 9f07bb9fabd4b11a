package io.mqbench.driver.mongo;

import org.slf4j.Logger;

/**
 * A warning that repeats at most once per interval, with how often it happened meanwhile: a broker
 * that is down would otherwise fill the log with one line per failed poll.
 */
final class OccasionalWarning {
    private static final long INTERVAL_MILLIS = 10_000;

    private final Logger log;
    private final String what;
    private long lastLoggedMillis = Long.MIN_VALUE;
    private long suppressed;

    OccasionalWarning(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    synchronized void warn(Exception error) {
        long now = System.currentTimeMillis();
        if (lastLoggedMillis != Long.MIN_VALUE && now - lastLoggedMillis < INTERVAL_MILLIS) {
            suppressed++;
            return;
        }
        if (suppressed > 0) {
            log.warn("{}: {} ({} more since the last warning)", what, error.toString(), suppressed);
        } else {
            log.warn("{}: {}", what, error.toString());
        }
        lastLoggedMillis = now;
        suppressed = 0;
    }
}
