package io.mqbench.driver.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The start of a payload sent by mqbench's harness: every payload large enough begins with a
 * {@value #SIZE}-byte header, {@code 'M' 'Q' 'B'}, a version byte, then three big-endian longs
 * (producer id, sequence number, send time in epoch microseconds at offset {@value
 * #SEND_MICROS_OFFSET}). The harness measures end-to-end latency from that send time.
 *
 * <p>A driver that sends a publish time of its own (a header, a property) only because the
 * OpenMessaging Benchmark callback asks for one can leave it out when the payload is stamped, and
 * read the time back from the payload on the consumer side: that saves the broker client a
 * property to encode and decode on every message. In an upstream OMB worker payloads are the
 * user's files, carry no stamp, and the driver sends its own time as before.
 */
public final class StampedPayload {
    /** Bytes of the header. */
    public static final int SIZE = 28;
    /** Low four bits of byte 3. */
    public static final int VERSION = 1;
    /** Where the send time (epoch microseconds) starts. */
    public static final int SEND_MICROS_OFFSET = 20;

    private static final byte M = 'M';
    private static final byte Q = 'Q';
    private static final byte B = 'B';
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private StampedPayload() {}

    /** Writes the magic and the version byte, with {@code flags} in its high four bits (the harness's). */
    public static void writePrefix(byte[] payload, int flags) {
        payload[0] = M;
        payload[1] = Q;
        payload[2] = B;
        payload[3] = (byte) (VERSION | flags);
    }

    /** Whether the payload starts with mqbench's header. */
    public static boolean isStamped(byte[] payload) {
        return payload != null && payload.length >= SIZE && payload[0] == M && payload[1] == Q && payload[2] == B
                && (payload[3] & 0x0f) == VERSION;
    }

    /** Whether the buffer, from its position, starts with mqbench's header; the position does not move. */
    public static boolean isStamped(ByteBuffer payload) {
        int at = payload.position();
        return payload.remaining() >= SIZE && payload.get(at) == M && payload.get(at + 1) == Q
                && payload.get(at + 2) == B && (payload.get(at + 3) & 0x0f) == VERSION;
    }

    /** The send time of a stamped payload in epoch milliseconds, or -1 if the payload carries no stamp. */
    public static long sendMillis(byte[] payload) {
        return isStamped(payload) ? (long) LONGS.get(payload, SEND_MICROS_OFFSET) / 1_000 : -1;
    }

    /** The send time of a stamped payload in epoch microseconds, or -1 if the payload carries no stamp. */
    public static long sendMicros(byte[] payload) {
        return isStamped(payload) ? (long) LONGS.get(payload, SEND_MICROS_OFFSET) : -1;
    }
}
