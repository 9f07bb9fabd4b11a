package io.mqbench.delivery;

/**
 * What one consumer (or, after merging, one subscription) received from one producer. Duplicates
 * and losses are worked out from the {@link #seen} set when ledgers are combined; out-of-order
 * counts a message whose sequence number is below one this consumer already got from the same
 * producer. That is a violation only where the broker promises order, e.g. within one partition.
 */
public final class ReceiptLedger {
    final SequenceBitmap seen = new SequenceBitmap();
    long received;
    long outOfOrder;
    private long highestSequence = -1;

    void record(long sequence) {
        received++;
        seen.add(sequence);
        if (sequence < highestSequence) {
            outOfOrder++;
        } else {
            highestSequence = sequence;
        }
    }

    /** Adds another ledger of the same producer, e.g. from another consumer of the subscription. */
    public void merge(ReceiptLedger other) {
        received += other.received;
        outOfOrder += other.outOfOrder;
        seen.addAll(other.seen);
    }

    /**
     * A ledger rebuilt from what another process reported (see the worker HTTP protocol). It only
     * merges and counts from then on; nothing more is recorded into it.
     */
    public static ReceiptLedger restore(SequenceBitmap seen, long received, long outOfOrder) {
        ReceiptLedger ledger = new ReceiptLedger();
        ledger.seen.addAll(seen);
        ledger.received = received;
        ledger.outOfOrder = outOfOrder;
        return ledger;
    }

    public ReceiptLedger copy() {
        ReceiptLedger copy = new ReceiptLedger();
        copy.merge(this);
        copy.highestSequence = highestSequence;
        return copy;
    }

    public long received() {
        return received;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    public SequenceBitmap seen() {
        return seen;
    }
}
