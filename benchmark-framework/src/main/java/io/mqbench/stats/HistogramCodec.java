package io.mqbench.stats;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Histograms as text: HdrHistogram's compressed encoding in base64. Results keep the merged
 * histograms this way so they can be re-analysed and merged later, exactly; workers send theirs to
 * the coordinator the same way (as OMB's workers do).
 */
public final class HistogramCodec {

    private HistogramCodec() {}

    public static String encode(Histogram histogram) {
        return Base64.getEncoder().encodeToString(toCompressedBytes(histogram));
    }

    public static Histogram decode(String base64) {
        try {
            return fromCompressedBytes(Base64.getDecoder().decode(base64));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }

    /** HdrHistogram's compressed encoding. */
    public static byte[] toCompressedBytes(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return bytes;
    }

    /** Decodes {@link #toCompressedBytes}; the histogram resizes itself if more is added to it. */
    public static Histogram fromCompressedBytes(byte[] bytes) {
        try {
            Histogram histogram = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            histogram.setAutoResize(true);
            return histogram;
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }
}
