package io.mqbench.driver.sqs;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The two ids a FIFO queue needs, for one producer.
 *
 * <p>MessageGroupId: the message's key, so that one key's messages keep their order (SQS orders
 * within a group and hands a group to one consumer at a time); a message without a key goes to the
 * producer's own group, which keeps the producer's order.
 *
 * <p>MessageDeduplicationId: unique per message (a random producer id and a sequence number), so
 * that no two messages collapse into one, while the SDK's retry of a call whose answer was lost
 * carries the same id and is dropped by SQS instead of delivered twice.
 */
final class FifoIds {
    static final int MAX_LENGTH = 128;
    /** SQS allows alphanumerics and ASCII punctuation in both ids. */
    private static final Pattern ALLOWED = Pattern.compile("[A-Za-z0-9!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~]{1," + MAX_LENGTH + "}");

    private final String producerId = UUID.randomUUID().toString();
    private final AtomicLong sequence = new AtomicLong();

    String groupId(Optional<String> key) {
        return key.filter(k -> !k.isEmpty()).map(FifoIds::valid).orElse(producerId);
    }

    String nextDeduplicationId() {
        return producerId + "-" + sequence.getAndIncrement();
    }

    /** The key itself when SQS accepts it, otherwise a stable stand-in: "k" and the key's SHA-256 in hex. */
    static String valid(String key) {
        if (ALLOWED.matcher(key).matches()) {
            return key;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return "k" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
