package io.mqbench.driver.nats;

import io.mqbench.driver.api.StampedPayload;
import io.nats.client.Message;
import io.nats.client.impl.Headers;

/**
 * The publish time a consumer reports. mqbench's harness stamps its send time into the payload
 * ({@link StampedPayload}), so a stamped message carries no header at all; any other payload (in an
 * upstream OMB worker) gets a header with the producer's clock in epoch milliseconds.
 */
final class PublishTime {
    static final String HEADER = "Mqbench-Publish-Ms";

    private PublishTime() {}

    /** Headers for this payload: none when it is stamped. */
    static Headers headersFor(byte[] payload) {
        if (StampedPayload.isStamped(payload)) {
            return null;
        }
        return new Headers().put(HEADER, Long.toString(System.currentTimeMillis()));
    }

    /**
     * The send time in epoch milliseconds; for a message of another publisher, the time the
     * JetStream server stored it, or (core NATS) the time it arrived here.
     */
    static long of(Message message) {
        long stamped = StampedPayload.sendMillis(message.getData());
        if (stamped >= 0) {
            return stamped;
        }
        Headers headers = message.getHeaders();
        String value = headers == null ? null : headers.getFirst(HEADER);
        if (value != null) {
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                // Someone else's header: fall through.
            }
        }
        if (message.isJetStream()) {
            return message.metaData().timestamp().toInstant().toEpochMilli();
        }
        return System.currentTimeMillis();
    }
}
