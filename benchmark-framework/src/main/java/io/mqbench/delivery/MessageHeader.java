package io.mqbench.delivery;

import io.mqbench.driver.api.StampedPayload;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 28 bytes mqbench writes at the start of every payload that is large enough (drivers see its
 * magic and send time through {@link StampedPayload}): which producer
 * sent it, its sequence number, and the send time in epoch microseconds. With it, consumers measure
 * end-to-end latency at microsecond resolution without trusting a broker's timestamp, and count
 * lost, duplicated and out-of-order messages.
 *
 * <pre>
 * offset 0  'M' 'Q' 'B'    magic
 * offset 3  flags          low 4 bits: version (1); bit 4: probe message (not counted)
 * offset 4  producer id    8 bytes, big-endian
 * offset 12 sequence       8 bytes, from 0 per producer
 * offset 20 send time      8 bytes, epoch microseconds
 * </pre>
 */
public final class MessageHeader {
    public static final int SIZE = StampedPayload.SIZE;

    private static final int PROBE_FLAG = 0x10;
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private MessageHeader() {}

    public static boolean fits(int payloadSize) {
        return payloadSize >= SIZE;
    }

    public static void write(byte[] payload, long producerId, long sequence, long sendMicros, boolean probe) {
        StampedPayload.writePrefix(payload, probe ? PROBE_FLAG : 0);
        LONGS.set(payload, 4, producerId);
        LONGS.set(payload, 12, sequence);
        LONGS.set(payload, StampedPayload.SEND_MICROS_OFFSET, sendMicros);
    }

    /*
     * Reading: one field at a time, from an array or from a buffer's position (without moving it),
     * into primitives, so the receive path allocates nothing whatever the JIT makes of it. Check
     * isStamped first; the fields of a payload without the header are meaningless.
     */

    public static boolean isStamped(byte[] payload) {
        return StampedPayload.isStamped(payload);
    }

    public static boolean isStamped(ByteBuffer payload) {
        return StampedPayload.isStamped(payload);
    }

    public static boolean isProbe(byte[] payload) {
        return (payload[3] & PROBE_FLAG) != 0;
    }

    public static boolean isProbe(ByteBuffer payload) {
        return (payload.get(payload.position() + 3) & PROBE_FLAG) != 0;
    }

    public static long producerId(byte[] payload) {
        return (long) LONGS.get(payload, 4);
    }

    public static long producerId(ByteBuffer payload) {
        return bigEndianLong(payload, 4);
    }

    public static long sequence(byte[] payload) {
        return (long) LONGS.get(payload, 12);
    }

    public static long sequence(ByteBuffer payload) {
        return bigEndianLong(payload, 12);
    }

    public static long sendMicros(byte[] payload) {
        return (long) LONGS.get(payload, StampedPayload.SEND_MICROS_OFFSET);
    }

    public static long sendMicros(ByteBuffer payload) {
        return bigEndianLong(payload, StampedPayload.SEND_MICROS_OFFSET);
    }

    /** The header is big-endian whatever order the driver gave its buffer. */
    private static long bigEndianLong(ByteBuffer payload, int offset) {
        long value = payload.getLong(payload.position() + offset);
        return payload.order() == ByteOrder.BIG_ENDIAN ? value : Long.reverseBytes(value);
    }
}
