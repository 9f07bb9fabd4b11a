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

    /** Reads the header, or returns false when the payload carries none. */
    public static boolean read(byte[] payload, Decoded into) {
        if (!StampedPayload.isStamped(payload)) {
            return false;
        }
        into.probe = (payload[3] & PROBE_FLAG) != 0;
        into.producerId = (long) LONGS.get(payload, 4);
        into.sequence = (long) LONGS.get(payload, 12);
        into.sendMicros = (long) LONGS.get(payload, StampedPayload.SEND_MICROS_OFFSET);
        return true;
    }

    /** Same as {@link #read(byte[], Decoded)} from a buffer's position, without moving it. */
    public static boolean read(ByteBuffer payload, Decoded into) {
        if (!StampedPayload.isStamped(payload)) {
            return false;
        }
        int at = payload.position();
        ByteBuffer view = payload.duplicate().order(ByteOrder.BIG_ENDIAN);
        into.probe = (payload.get(at + 3) & PROBE_FLAG) != 0;
        into.producerId = view.getLong(at + 4);
        into.sequence = view.getLong(at + 12);
        into.sendMicros = view.getLong(at + StampedPayload.SEND_MICROS_OFFSET);
        return true;
    }

    /** A reusable holder for a decoded header, so the receive path allocates nothing. */
    public static final class Decoded {
        public boolean probe;
        public long producerId;
        public long sequence;
        public long sendMicros;
    }
}
