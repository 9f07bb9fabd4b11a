package io.mqbench.driver.kafka;

/**
 * Transactions for every producer: each producer gets its own transactional.id and groups its
 * sends into transactions that it commits after {@link #commitEveryMessages} messages or {@link
 * #commitEveryMs} milliseconds after the first one, whichever comes first. A send's future
 * completes only when the transaction holding it has committed, so the publish latency includes
 * the wait for the commit, as a transactional application would see it.
 */
public final class TransactionSettings {
    /** Most messages in one transaction. */
    public int commitEveryMessages = 1000;

    /** Longest a transaction stays open after its first message, in milliseconds. */
    public int commitEveryMs = 10;

    void validate() {
        if (commitEveryMessages < 1) {
            throw new IllegalArgumentException("transactions.commitEveryMessages is " + commitEveryMessages
                    + "; allowed: 1 or more");
        }
        if (commitEveryMs < 0) {
            throw new IllegalArgumentException("transactions.commitEveryMs is " + commitEveryMs
                    + "; allowed: 0 or more (0 commits as soon as the queued messages are sent)");
        }
    }
}
