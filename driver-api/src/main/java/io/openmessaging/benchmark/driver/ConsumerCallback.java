package io.openmessaging.benchmark.driver;

import java.nio.ByteBuffer;

/**
 * Receives every message a consumer gets. Part of the OpenMessaging Benchmark SPI: keep binary
 * compatible.
 */
public interface ConsumerCallback {

    /**
     * @param payload the message body
     * @param publishTimestamp when the message was published, in epoch milliseconds, as the driver
     *     knows it (a broker timestamp or one the producer sent along)
     */
    void messageReceived(byte[] payload, long publishTimestamp);

    /** Same as {@link #messageReceived(byte[], long)}, for drivers that hold the body in a buffer. */
    void messageReceived(ByteBuffer payload, long publishTimestamp);
}
