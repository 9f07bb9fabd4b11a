package io.mqbench.driver.sqs;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SQS has no topics and no fan-out: every subscription of a topic is its own queue, named
 * {@code <topic>-<subscription>} so that a producer finds all of a topic's queues with one
 * ListQueues call by the prefix {@code <topic>-}. A topic without subscriptions gets a queue named
 * like the topic itself, so that its producers still have somewhere to send.
 *
 * <p>Queue names allow 80 characters of {@code [A-Za-z0-9_-]}, {@code .fifo} included.
 */
final class QueueNames {
    static final int MAX_LENGTH = 80;
    static final String FIFO_SUFFIX = ".fifo";
    private static final int HASH_CHARS = 12;

    private final boolean fifo;

    QueueNames(boolean fifo) {
        this.fifo = fifo;
    }

    /** The queue of one subscription of a topic. */
    String subscriptionQueue(String topic, String subscription) {
        String base = topicPart(topic);
        String sub = sanitize(subscription);
        if (base.length() + 1 + sub.length() + suffix().length() > MAX_LENGTH) {
            // Keep the topic whole (the prefix producers search by) and shorten the subscription.
            sub = hash(subscription);
        }
        return base + "-" + sub + suffix();
    }

    /** The queue a topic's producers send to when the topic has no subscription queue. */
    String topicQueue(String topic) {
        return topicPart(topic) + suffix();
    }

    /** What every queue name of the topic's subscriptions starts with, for ListQueues. */
    String subscriptionPrefix(String topic) {
        return topicPart(topic) + "-";
    }

    /** True when the queue name belongs to a subscription of the topic (ListQueues prefixes also match longer topics). */
    boolean isSubscriptionQueueOf(String queueName, String topic) {
        return queueName.startsWith(subscriptionPrefix(topic)) && queueName.endsWith(suffix())
                && (fifo || !queueName.endsWith(FIFO_SUFFIX));
    }

    private String topicPart(String topic) {
        String base = sanitize(topic);
        int room = MAX_LENGTH - suffix().length() - 1 - HASH_CHARS;
        if (base.length() > room) {
            throw new IllegalArgumentException("topic name '" + topic + "' is " + base.length() + " characters; SQS"
                    + " queue names allow " + MAX_LENGTH + ", so topic names may have at most " + room
                    + " (shorten the driver's topic name prefix)");
        }
        return base;
    }

    private String suffix() {
        return fifo ? FIFO_SUFFIX : "";
    }

    static String sanitize(String name) {
        return name.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HASH_CHARS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The last path segment of a queue URL: its name. */
    static String nameOf(String queueUrl) {
        return queueUrl.substring(queueUrl.lastIndexOf('/') + 1);
    }
}
