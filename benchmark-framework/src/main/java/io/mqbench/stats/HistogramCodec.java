package io.mqbench.stats;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Histograms as text: HdrHistogram's compressed encoding in base64. Results keep the merged
 * histograms this way so they can be re-analysed and merged later, exactly.
 */
public final class HistogramCodec {

    private HistogramCodec() {}

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    public static Histogram decode(String base64) {
        try {
            ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
            return Histogram.decodeFromCompressedByteBuffer(buffer, 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }
}
