package io.mqbench.delivery;

import io.mqbench.bench.PerMessageBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.longlong.Roaring64Bitmap;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The delivery ledger's own bitmap ({@link SequenceBitmap}) against RoaringBitmap, the well-kept
 * library for sets of integers, on what the ledger does for every message: add the next sequence
 * number (they only grow, with an occasional gap) and learn whether it was new (a duplicate). The
 * ledger needs 64-bit numbers (a producer at 3 M msg/s passes 2^31 in 12 minutes), so the fair
 * rivals are the library's two 64-bit sets, {@link Roaring64Bitmap} (an adaptive radix tree of
 * containers) and {@link Roaring64NavigableMap} (a 32-bit bitmap per high half); the 32-bit {@link
 * RoaringBitmap} is there as the library's best case. Each set is emptied before every iteration, so all three grow from zero alike.
 */
public class SequenceSetBenchmark extends PerMessageBenchmark {
    private SequenceBitmap own;
    private Roaring64Bitmap roaring64;
    private Roaring64NavigableMap roaring64Map;
    private RoaringBitmap roaring32;
    private long next;

    @Setup(Level.Iteration)
    public void emptySets() {
        own = new SequenceBitmap();
        roaring64 = new Roaring64Bitmap();
        roaring64Map = new Roaring64NavigableMap();
        roaring32 = new RoaringBitmap();
        next = 0;
    }

    /** The next number, with a gap of one every 4,096 (a lost message) so no set sees a perfect run. */
    private long nextSequence() {
        long sequence = next++;
        if ((sequence & 4095) == 4095) {
            next++;
        }
        return sequence;
    }

    @Benchmark
    public boolean ownBitmap() {
        return own.add(nextSequence());
    }

    @Benchmark
    public boolean roaring64() {
        long sequence = nextSequence();
        if (roaring64.contains(sequence)) {
            return false;
        }
        roaring64.addLong(sequence);
        return true;
    }

    @Benchmark
    public boolean roaring64NavigableMap() {
        long sequence = nextSequence();
        if (roaring64Map.contains(sequence)) {
            return false;
        }
        roaring64Map.addLong(sequence);
        return true;
    }

    @Benchmark
    public boolean roaring32() {
        return roaring32.checkedAdd((int) nextSequence());
    }
}
