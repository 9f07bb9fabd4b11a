package io.mqbench.driver.redis;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;

/**
 * A message as a pub/sub message: 8 bytes of the producer's epoch milliseconds (big-endian), then the
 * payload unchanged. {@code PUBLISH channel <envelope>}; the reply is how many subscribers got it,
 * and 0 means the message is gone: pub/sub keeps nothing.
 */
final class PubSubFormat implements MessageFormat {
    static final int HEADER = Long.BYTES;

    private final LongAdder publishedToNobody = new LongAdder();

    @Override
    public CommandArguments publish(String key, byte[] payload, long publishMillis) {
        byte[] envelope = new byte[HEADER + payload.length];
        for (int i = 0; i < HEADER; i++) {
            envelope[i] = (byte) (publishMillis >>> (56 - 8 * i));
        }
        System.arraycopy(payload, 0, envelope, HEADER, payload.length);
        return new CommandArguments(Protocol.Command.PUBLISH).key(key).add(envelope);
    }

    @Override
    public void onReply(Object reply) {
        if (reply instanceof Long receivers && receivers == 0) {
            publishedToNobody.increment();
        }
    }

    long publishedToNobody() {
        return publishedToNobody.sum();
    }

    @Override
    public String summary() {
        long lost = publishedToNobody();
        return lost == 0 ? "" : lost + " messages were published while no subscriber listened (lost: pub/sub keeps nothing)";
    }

    /** Splits a received message into the producer's time and the payload. */
    static ReceivedMessage decode(byte[] message) {
        if (message.length < HEADER) {
            // Not ours (someone else published on the channel): deliver it as it is, timed now.
            return new ReceivedMessage(message, System.currentTimeMillis());
        }
        long millis = 0;
        for (int i = 0; i < HEADER; i++) {
            millis = (millis << 8) | (message[i] & 0xff);
        }
        return new ReceivedMessage(Arrays.copyOfRange(message, HEADER, message.length), millis);
    }
}
