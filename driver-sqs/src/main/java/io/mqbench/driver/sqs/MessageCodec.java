package io.mqbench.driver.sqs;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * SQS bodies are XML-safe Unicode text, and the harness's payloads are arbitrary bytes (its header
 * holds binary ids and times), so bodies carry the payload in base64: 4 characters per 3 bytes. The
 * producer's send time travels in a message attribute, because SQS's own SentTimestamp is the
 * server's clock.
 */
final class MessageCodec {
    /** Epoch milliseconds at {@code sendAsync}, handed to the consumer callback as publishTimestamp. */
    static final String PUBLISH_MILLIS_ATTRIBUTE = "mqbench-publish-millis";
    private static final String NUMBER = "Number";
    /**
     * SQS refuses empty bodies, and base64 of nothing is nothing; '-' is outside the base64 alphabet,
     * so it cannot be mistaken for an encoded payload.
     */
    private static final String EMPTY_BODY = "-";

    private MessageCodec() {}

    static String encodeBody(byte[] payload) {
        return payload.length == 0 ? EMPTY_BODY : Base64.getEncoder().encodeToString(payload);
    }

    /** The payload bytes of a body this driver wrote; a body that is not base64 is returned as UTF-8. */
    static byte[] decodeBody(String body) {
        if (EMPTY_BODY.equals(body)) {
            return new byte[0];
        }
        try {
            return Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException notOurs) {
            return body.getBytes(StandardCharsets.UTF_8);
        }
    }

    static Map<String, MessageAttributeValue> attributes(long publishMillis) {
        return Map.of(PUBLISH_MILLIS_ATTRIBUTE,
                MessageAttributeValue.builder().dataType(NUMBER).stringValue(Long.toString(publishMillis)).build());
    }

    /** The producer's send time, or {@code fallback} when the message does not carry it. */
    static long publishMillis(Map<String, MessageAttributeValue> attributes, long fallback) {
        MessageAttributeValue value = attributes == null ? null : attributes.get(PUBLISH_MILLIS_ATTRIBUTE);
        if (value == null || value.stringValue() == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value.stringValue());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /**
     * What SQS counts against its size limit: the body and each attribute's name, type and value
     * (UTF-8 bytes).
     */
    static int sizeOf(String body, Map<String, MessageAttributeValue> attributes) {
        int size = utf8Length(body);
        for (Map.Entry<String, MessageAttributeValue> attribute : attributes.entrySet()) {
            MessageAttributeValue value = attribute.getValue();
            size += utf8Length(attribute.getKey()) + utf8Length(value.dataType());
            if (value.stringValue() != null) {
                size += utf8Length(value.stringValue());
            }
            if (value.binaryValue() != null) {
                size += value.binaryValue().asByteArray().length;
            }
        }
        return size;
    }

    private static int utf8Length(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
