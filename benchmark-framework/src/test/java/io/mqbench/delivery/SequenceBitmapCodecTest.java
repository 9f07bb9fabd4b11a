package io.mqbench.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Ledgers cross the network in this form: the sets must arrive exactly, and small. */
class SequenceBitmapCodecTest {
    private static final long PAGE = 1 << 20;

    @Test
    void aRunWithoutLossesIsTinyWhateverItsLength() {
        SequenceBitmap sent = new SequenceBitmap();
        sent.addRange(0, 3 * PAGE + 12_345);
        SequenceBitmapCodec.Encoded encoded = SequenceBitmapCodec.encode(sent);
        assertEquals(3 * PAGE + 12_345, encoded.count);
        assertTrue(encoded.runs.length() < 40, "one run: " + encoded.runs);
        assertSame(sent, SequenceBitmapCodec.decode(encoded));
    }

    @Test
    void scatteredLossesGapsAcrossPagesAndEmptyPagesArriveExactly() {
        Random random = new Random(42);
        SequenceBitmap seen = new SequenceBitmap();
        for (long s = 0; s < 2 * PAGE + 500; s++) {
            if (random.nextInt(1000) != 0) {
                seen.add(s);
            }
        }
        seen.add(PAGE - 1);
        seen.add(PAGE);
        seen.addRange(5 * PAGE - 3, 10);
        SequenceBitmapCodec.Encoded encoded = SequenceBitmapCodec.encode(seen);
        assertEquals(seen.cardinality(), encoded.count);
        assertSame(seen, SequenceBitmapCodec.decode(encoded));
        assertTrue(encoded.runs.length() < 20_000, "about 2 100 gaps take a few bytes each: " + encoded.runs.length());
    }

    @Test
    void theWorstCaseAlternatingPatternStaysSmallAndExact() {
        SequenceBitmap alternating = new SequenceBitmap();
        for (long s = 0; s < 400_000; s += 2) {
            alternating.add(s);
        }
        SequenceBitmapCodec.Encoded encoded = SequenceBitmapCodec.encode(alternating);
        assertEquals(200_000, encoded.count);
        assertSame(alternating, SequenceBitmapCodec.decode(encoded));
        assertTrue(encoded.runs.length() < 5_000, "repeating runs deflate: " + encoded.runs.length());
    }

    @Test
    void runsAreVisitedInOrderAndMatchTheMembers() {
        SequenceBitmap set = new SequenceBitmap();
        long[] members = {0, 1, 2, 63, 64, 65, 127, 128, PAGE - 1, PAGE, PAGE + 1, 3 * PAGE + 7};
        for (long m : members) {
            set.add(m);
        }
        List<String> runs = new ArrayList<>();
        set.forEachRun((first, count) -> runs.add(first + "+" + count));
        assertEquals(List.of("0+3", "63+3", "127+2", (PAGE - 1) + "+3", (3 * PAGE + 7) + "+1"), runs);
    }

    @Test
    void anEmptySetAndATamperedCountAreHandled() {
        SequenceBitmapCodec.Encoded empty = SequenceBitmapCodec.encode(new SequenceBitmap());
        assertEquals(0, empty.count);
        assertEquals(0, SequenceBitmapCodec.decode(empty).cardinality());

        SequenceBitmap set = new SequenceBitmap();
        set.addRange(10, 5);
        SequenceBitmapCodec.Encoded encoded = SequenceBitmapCodec.encode(set);
        encoded.count = 6;
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> SequenceBitmapCodec.decode(encoded));
        assertTrue(wrong.getMessage().contains("holds 5 numbers, the sender counted 6"), wrong.getMessage());
        encoded.runs = "not base64 !";
        assertThrows(IllegalArgumentException.class, () -> SequenceBitmapCodec.decode(encoded));
    }

    private static void assertSame(SequenceBitmap expected, SequenceBitmap actual) {
        assertEquals(expected.cardinality(), actual.cardinality());
        assertEquals(0, expected.countMissingFrom(actual), "every member arrived");
        assertEquals(0, actual.countMissingFrom(expected), "nothing was added");
    }
}
