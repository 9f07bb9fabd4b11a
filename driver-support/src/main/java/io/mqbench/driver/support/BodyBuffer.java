package io.mqbench.driver.support;

import java.nio.ByteBuffer;

/**
 * A consumer's array for message bodies, reused from one delivery to the next. For clients that
 * hand a body over as something to copy out of (a JMS {@code BytesMessage}, an Artemis buffer), so
 * that a delivery does not allocate an array of its own: 1 KB a message, a seventh of what an
 * Artemis consumer at full speed allocated. The body goes to the harness as a {@link ByteBuffer}
 * over it: mqbench's worker and upstream OMB's read a body only during the callback, and a
 * consumer's deliveries come one at a time (one session each), so the next one may overwrite it.
 */
public final class BodyBuffer {
    private byte[] bytes = new byte[0];
    private ByteBuffer view = ByteBuffer.wrap(bytes);

    /** An array of exactly {@code length} bytes to copy a body into: the last one when the length is the same. */
    public byte[] array(int length) {
        if (bytes.length != length) {
            bytes = new byte[length];
            view = ByteBuffer.wrap(bytes);
        }
        return bytes;
    }

    /** The last array given, whole, as the body to hand to the harness. */
    public ByteBuffer body() {
        view.clear();
        return view;
    }
}
