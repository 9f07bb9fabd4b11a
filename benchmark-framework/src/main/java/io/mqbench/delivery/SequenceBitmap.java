package io.mqbench.delivery;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of sequence numbers (0 and up) as bits, in pages allocated as they are first touched, so a
 * producer's whole run fits in about one bit per message. Not thread-safe: each owner locks it.
 */
public final class SequenceBitmap {
    private static final int PAGE_BITS = 1 << 20;
    private static final int WORDS_PER_PAGE = PAGE_BITS / 64;

    private final List<long[]> pages = new ArrayList<>();

    /** Adds a sequence number; returns false if it was already there. */
    public boolean add(long sequence) {
        if (sequence < 0) {
            throw new IllegalArgumentException("sequence numbers start at 0: " + sequence);
        }
        long[] page = page(sequence, true);
        int word = (int) ((sequence % PAGE_BITS) >>> 6);
        long bit = 1L << (sequence & 63);
        if ((page[word] & bit) != 0) {
            return false;
        }
        page[word] |= bit;
        return true;
    }

    public boolean contains(long sequence) {
        long[] page = sequence < 0 ? null : page(sequence, false);
        return page != null && (page[(int) ((sequence % PAGE_BITS) >>> 6)] & (1L << (sequence & 63))) != 0;
    }

    /** Adds every number of {@code other}. */
    public void addAll(SequenceBitmap other) {
        for (int p = 0; p < other.pages.size(); p++) {
            long[] source = other.pages.get(p);
            if (source == null) {
                continue;
            }
            long[] target = page((long) p * PAGE_BITS, true);
            for (int w = 0; w < WORDS_PER_PAGE; w++) {
                target[w] |= source[w];
            }
        }
    }

    public long cardinality() {
        long count = 0;
        for (long[] page : pages) {
            if (page != null) {
                for (long word : page) {
                    count += Long.bitCount(word);
                }
            }
        }
        return count;
    }

    /** How many numbers of this set are missing from {@code other}. */
    public long countMissingFrom(SequenceBitmap other) {
        long missing = 0;
        for (int p = 0; p < pages.size(); p++) {
            long[] mine = pages.get(p);
            if (mine == null) {
                continue;
            }
            long[] theirs = p < other.pages.size() ? other.pages.get(p) : null;
            for (int w = 0; w < WORDS_PER_PAGE; w++) {
                missing += Long.bitCount(mine[w] & ~(theirs == null ? 0 : theirs[w]));
            }
        }
        return missing;
    }

    /** How many numbers of this set are also in {@code other}. */
    public long countCommonWith(SequenceBitmap other) {
        return cardinality() - countMissingFrom(other);
    }

    private long[] page(long sequence, boolean create) {
        long index = sequence / PAGE_BITS;
        if (index >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("sequence number too large: " + sequence);
        }
        int p = (int) index;
        if (p >= pages.size()) {
            if (!create) {
                return null;
            }
            while (pages.size() <= p) {
                pages.add(null);
            }
        }
        long[] page = pages.get(p);
        if (page == null && create) {
            page = new long[WORDS_PER_PAGE];
            pages.set(p, page);
        }
        return page;
    }
}
