package io.mqbench.driver.mongo;

import com.mongodb.WriteConcern;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How many replica-set members must have a write before the server acknowledges it: seed 000's W1
 * (the primary alone, "asynchronous replication") and W2 (two members, "synchronous replication"
 * on its 3-node set), plus {@code majority}, which stays correct when the set grows.
 */
enum WriteConcernLevel {
    W1,
    W2,
    MAJORITY;

    /**
     * The client's write concern: this level, waiting for the on-disk journal when {@code journal},
     * and giving up after {@code timeoutMillis} (0: wait forever) when members are missing. The
     * timeout only means something above w1: the primary's own write has no such wait. Without
     * {@code journal} no {@code j} is sent, so the server's default applies (majority writes are
     * journaled on the members that count while {@code writeConcernMajorityJournalDefault} is on).
     */
    WriteConcern toWriteConcern(boolean journal, long timeoutMillis) {
        WriteConcern concern = switch (this) {
            case W1 -> WriteConcern.W1;
            case W2 -> WriteConcern.W2;
            case MAJORITY -> WriteConcern.MAJORITY;
        };
        if (journal) {
            concern = concern.withJournal(true);
        }
        if (this != W1 && timeoutMillis > 0) {
            concern = concern.withWTimeout(timeoutMillis, TimeUnit.MILLISECONDS);
        }
        return concern;
    }

    /** The name used in the driver file: w1, w2 or majority. */
    String settingName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
