package io.mqbench.delivery;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * A {@link SequenceBitmap} as text, small enough to send a whole run's delivery ledgers between
 * worker and coordinator: the set's runs of consecutive numbers, each as the gap since the previous
 * run and its length in unsigned varints, deflated and base64-encoded. A run without losses is a
 * handful of bytes whatever its length; scattered losses cost a few bytes each; even a worst-case
 * alternating pattern deflates well because its runs repeat.
 *
 * <p>The encoding carries the number of members, and decoding checks it, so a ledger arrives
 * exactly or not at all.
 */
public final class SequenceBitmapCodec {

    /** The wire form: how many numbers the set holds, and its runs. */
    public static final class Encoded {
        public long count;
        public String runs;

        public Encoded() {}

        Encoded(long count, String runs) {
            this.count = count;
            this.runs = runs;
        }
    }

    private SequenceBitmapCodec() {}

    public static Encoded encode(SequenceBitmap bitmap) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] count = {0};
        try (DeflaterOutputStream deflated = new DeflaterOutputStream(bytes)) {
            long[] previousEnd = {0};
            bitmap.forEachRun((first, length) -> {
                writeVarint(deflated, first - previousEnd[0]);
                writeVarint(deflated, length);
                previousEnd[0] = first + length;
                count[0] += length;
            });
        } catch (IOException e) {
            throw new UncheckedIOException("deflating in memory cannot fail", e);
        }
        return new Encoded(count[0], Base64.getEncoder().encodeToString(bytes.toByteArray()));
    }

    public static SequenceBitmap decode(Encoded encoded) {
        if (encoded == null || encoded.runs == null) {
            throw new IllegalArgumentException("no encoded sequence numbers");
        }
        SequenceBitmap bitmap = new SequenceBitmap();
        long total = 0;
        try (InputStream in = new InflaterInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(encoded.runs)))) {
            long previousEnd = 0;
            while (true) {
                long gap = readVarint(in, true);
                if (gap < 0) {
                    break;
                }
                long length = readVarint(in, false);
                long first = previousEnd + gap;
                bitmap.addRange(first, length);
                previousEnd = first + length;
                total += length;
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("corrupt sequence-number set: " + e.getMessage(), e);
        }
        if (total != encoded.count) {
            throw new IllegalArgumentException("corrupt sequence-number set: it holds " + total + " numbers, the sender counted " + encoded.count);
        }
        return bitmap;
    }

    private static void writeVarint(DeflaterOutputStream out, long value) {
        try {
            while ((value & ~0x7FL) != 0) {
                out.write((int) ((value & 0x7F) | 0x80));
                value >>>= 7;
            }
            out.write((int) value);
        } catch (IOException e) {
            throw new UncheckedIOException("deflating in memory cannot fail", e);
        }
    }

    /** Returns -1 at the end of the stream if {@code endAllowed}, else fails there. */
    private static long readVarint(InputStream in, boolean endAllowed) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.read();
            if (b < 0) {
                if (shift == 0 && endAllowed) {
                    return -1;
                }
                throw new IOException("truncated");
            }
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("a number longer than 64 bits");
    }
}
