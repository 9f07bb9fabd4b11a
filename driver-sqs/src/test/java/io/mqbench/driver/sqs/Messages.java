package io.mqbench.driver.sqs;

import io.mqbench.testing.Inbox;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;

/** Test payloads: a 4-byte message number followed by random bytes (binary, not text). */
final class Messages {
    private Messages() {}

    static byte[] payload(int id, int size, Random random) {
        byte[] payload = new byte[Math.max(4, size)];
        random.nextBytes(payload);
        ByteBuffer.wrap(payload).putInt(id);
        return payload;
    }

    static int id(byte[] payload) {
        return ByteBuffer.wrap(payload).getInt();
    }

    /** The message numbers an inbox received, in arrival order. */
    static List<Integer> ids(Inbox inbox) {
        return inbox.payloads().stream().map(Messages::id).toList();
    }
}
