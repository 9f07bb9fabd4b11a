package io.mqbench.driver.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;

/**
 * A message as a stream entry with two fields: {@code p}, the payload bytes unchanged, and {@code t},
 * the producer's epoch milliseconds in decimal. {@code XADD key [MAXLEN ~ n] * p <payload> t <ms>}.
 */
final class StreamEntryFormat implements MessageFormat {
    static final byte[] PAYLOAD_FIELD = {'p'};
    static final byte[] TIME_FIELD = {'t'};
    private static final byte[] AUTO_ID = {'*'};
    private static final byte[] APPROXIMATELY = {'~'};

    private final long maxLen;

    StreamEntryFormat(long maxLen) {
        this.maxLen = maxLen;
    }

    @Override
    public CommandArguments publish(String key, byte[] payload, long publishMillis) {
        CommandArguments command = new CommandArguments(Protocol.Command.XADD).key(key);
        if (maxLen > 0) {
            // "~" lets Redis trim whole internal nodes only: nearly free, and at least maxLen entries stay.
            command.add(Protocol.Keyword.MAXLEN).add(APPROXIMATELY).add(maxLen);
        }
        return command.add(AUTO_ID).add(PAYLOAD_FIELD).add(payload).add(TIME_FIELD).add(publishMillis);
    }

    /**
     * Reads an entry's fields ({@code [name, value, name, value, ...]}). An entry written by another
     * tool without {@code t} falls back to the time in its id, which is the server's clock.
     */
    static ReceivedMessage decode(byte[] id, List<Object> fields) {
        byte[] payload = null;
        long publishMillis = -1;
        for (int i = 0; i + 1 < fields.size(); i += 2) {
            byte[] name = (byte[]) fields.get(i);
            byte[] value = (byte[]) fields.get(i + 1);
            if (name.length == 1 && name[0] == PAYLOAD_FIELD[0]) {
                payload = value;
            } else if (name.length == 1 && name[0] == TIME_FIELD[0]) {
                publishMillis = parseMillis(value);
            }
        }
        if (publishMillis < 0) {
            publishMillis = idMillis(id);
        }
        return new ReceivedMessage(payload == null ? new byte[0] : payload, publishMillis);
    }

    /** The milliseconds part of a stream id {@code <ms>-<seq>}. */
    static long idMillis(byte[] id) {
        long millis = 0;
        for (byte b : id) {
            if (b == '-') {
                break;
            }
            millis = millis * 10 + (b - '0');
        }
        return millis;
    }

    private static long parseMillis(byte[] decimal) {
        try {
            return Long.parseLong(new String(decimal, StandardCharsets.US_ASCII));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
