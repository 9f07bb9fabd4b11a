package io.mqbench.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

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
        long[] missing = {0};
        forEachWordMissingFrom(other, (base, bits) -> missing[0] += Long.bitCount(bits));
        return missing[0];
    }

    /** Visits, lowest first, every number of this set that is missing from {@code other}. */
    public void forEachMissingFrom(SequenceBitmap other, LongConsumer visitor) {
        forEachWordMissingFrom(other, (base, bits) -> {
            while (bits != 0) {
                visitor.accept(base + Long.numberOfTrailingZeros(bits));
                bits &= bits - 1;
            }
        });
    }

    /** 64 numbers from {@code base} on, as the bits of a word. */
    @FunctionalInterface
    private interface WordVisitor {
        void word(long base, long bits);
    }

    /** Visits each word of this set with the numbers of {@code other} taken out. */
    private void forEachWordMissingFrom(SequenceBitmap other, WordVisitor visitor) {
        for (int p = 0; p < pages.size(); p++) {
            long[] mine = pages.get(p);
            if (mine == null) {
                continue;
            }
            long[] theirs = p < other.pages.size() ? other.pages.get(p) : null;
            for (int w = 0; w < WORDS_PER_PAGE; w++) {
                long bits = mine[w] & ~(theirs == null ? 0 : theirs[w]);
                if (bits != 0) {
                    visitor.word((long) p * PAGE_BITS + ((long) w << 6), bits);
                }
            }
        }
    }

    /** Receives the runs of consecutive numbers of a set, in ascending order. */
    @FunctionalInterface
    public interface RunVisitor {
        void run(long first, long count);
    }

    /**
     * Visits the set as runs of consecutive numbers, lowest first. A producer's confirmed or
     * received sequence numbers are mostly one long run with a few gaps, so runs describe them
     * compactly, e.g. to send a ledger over the network.
     */
    public void forEachRun(RunVisitor visitor) {
        long runStart = -1;
        for (int p = 0; p < pages.size(); p++) {
            long[] page = pages.get(p);
            long pageBase = (long) p * PAGE_BITS;
            if (page == null) {
                if (runStart >= 0) {
                    visitor.run(runStart, pageBase - runStart);
                    runStart = -1;
                }
                continue;
            }
            for (int w = 0; w < WORDS_PER_PAGE; w++) {
                long word = page[w];
                long wordBase = pageBase + ((long) w << 6);
                int bit = 0;
                while (bit < 64) {
                    // Outside a run look for the next set bit; inside one, for the next clear bit.
                    long rest = (runStart < 0 ? word : ~word) >>> bit;
                    if (rest == 0) {
                        break;
                    }
                    bit += Long.numberOfTrailingZeros(rest);
                    if (runStart < 0) {
                        runStart = wordBase + bit;
                    } else {
                        visitor.run(runStart, wordBase + bit - runStart);
                        runStart = -1;
                    }
                }
            }
        }
        if (runStart >= 0) {
            visitor.run(runStart, (long) pages.size() * PAGE_BITS - runStart);
        }
    }

    /** Adds {@code count} consecutive numbers from {@code first} on. */
    public void addRange(long first, long count) {
        if (first < 0 || count < 0) {
            throw new IllegalArgumentException("a range of sequence numbers starts at 0 or more and is not negative: " + first + "+" + count);
        }
        long end = first + count;
        long at = first;
        while (at < end) {
            long[] page = page(at, true);
            int word = (int) ((at % PAGE_BITS) >>> 6);
            int bit = (int) (at & 63);
            long bitsHere = Math.min(64 - bit, end - at);
            long mask = (bitsHere == 64 ? -1L : (1L << bitsHere) - 1) << bit;
            page[word] |= mask;
            at += bitsHere;
        }
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
