package io.mqbench.driver.sqs;

import java.util.ArrayList;
import java.util.List;

/**
 * The messages gathered for the next SendMessageBatch call of one queue, within SQS's two limits:
 * a number of entries and a total size. Not thread-safe: {@link SendBatcher} guards it.
 */
final class OpenBatch {
    private final int maxEntries;
    private final int maxBytes;
    private final List<PendingSend> sends = new ArrayList<>();
    private int bytes;

    OpenBatch(int maxEntries, int maxBytes) {
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
    }

    /** True when the message can join without breaking a limit; an empty batch takes anything. */
    boolean fits(PendingSend send) {
        return sends.isEmpty() || (sends.size() < maxEntries && bytes + send.bytes() <= maxBytes);
    }

    void add(PendingSend send) {
        sends.add(send);
        bytes += send.bytes();
    }

    /**
     * True when nothing more can join: the entry limit is reached, or the size limit is (a message
     * larger than the limit fills a batch by itself: SQS refuses it, and refuses only it).
     */
    boolean isFull() {
        return sends.size() >= maxEntries || bytes >= maxBytes;
    }

    boolean isEmpty() {
        return sends.isEmpty();
    }

    /** The gathered messages, leaving this batch empty. */
    List<PendingSend> cut() {
        List<PendingSend> cut = new ArrayList<>(sends);
        sends.clear();
        bytes = 0;
        return cut;
    }
}
