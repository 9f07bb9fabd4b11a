package io.mqbench.driver.redis;

import redis.clients.jedis.CommandArguments;

/**
 * How a producer's message becomes one Redis command, and what the reply means. Every message
 * carries the producer's clock (epoch ms) next to the unchanged payload, because the consumer
 * callback wants a publish time and Redis's own (a stream id) is the server's clock.
 */
interface MessageFormat {

    /** The command that publishes {@code payload} to the stream or channel {@code key}. */
    CommandArguments publish(String key, byte[] payload, long publishMillis);

    /** Called with each successful reply, for what the mode wants to count. */
    default void onReply(Object reply) {}

    /** What the driver learnt from the replies, for the log at close; empty if nothing to say. */
    default String summary() {
        return "";
    }
}
