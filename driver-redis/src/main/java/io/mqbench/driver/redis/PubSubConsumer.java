package io.mqbench.driver.redis;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.BinaryJedisPubSub;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A consumer in pub/sub mode: SUBSCRIBE to the topic's channels on a connection of its own, and a
 * thread that hands every message to the callback. Redis delivers a message to whoever listens at
 * that moment and keeps nothing: at most once. If Redis drops the subscriber (it does when one falls
 * further behind than {@code client-output-buffer-limit pubsub}), this consumer subscribes again,
 * and what was published meanwhile is lost, which the delivery counts show.
 */
final class PubSubConsumer implements BenchmarkConsumer {
    private static final Logger log = LoggerFactory.getLogger(PubSubConsumer.class);
    private static final long RESUBSCRIBE_PAUSE_MILLIS = 200;
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final RedisEndpoint endpoint;
    private final List<String> channels;
    private final ConsumerCallback callback;
    private final String name;
    private final CompletableFuture<PubSubConsumer> subscribed = new CompletableFuture<>();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Listener listener;
    private volatile Connection connection;

    private PubSubConsumer(RedisEndpoint endpoint, List<String> channels, ConsumerCallback callback, String name) {
        this.endpoint = endpoint;
        this.channels = channels;
        this.callback = callback;
        this.name = name;
        this.thread = new Thread(this::listen, "redis-subscriber-" + name);
        thread.setDaemon(true);
    }

    /** Starts listening; the future completes once Redis has confirmed every channel's subscription. */
    static CompletableFuture<PubSubConsumer> open(RedisEndpoint endpoint, List<String> channels,
                                                  ConsumerCallback callback, String name) {
        PubSubConsumer consumer = new PubSubConsumer(endpoint, channels, callback, name);
        consumer.thread.start();
        return consumer.subscribed;
    }

    private void listen() {
        byte[][] names = channels.stream().map(c -> c.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        while (running) {
            try {
                // In a cluster, classic pub/sub messages reach every node: any node will do.
                listener = new Listener();
                connection = endpoint.connectionFor(channels.get(0));
                listener.proceed(connection, names);
            } catch (JedisException e) {
                if (!subscribed.isDone()) {
                    subscribed.completeExceptionally(e);
                    running = false;
                } else if (running) {
                    log.warn("subscriber {} lost its connection ({}; Redis drops subscribers that fall behind by more"
                            + " than client-output-buffer-limit pubsub); subscribing again, messages published meanwhile"
                            + " are lost", name, e.getMessage());
                    if (!listener.confirmed) {
                        // This attempt never got subscribed: wait before the next, rather than spin.
                        pause();
                    }
                }
            } finally {
                RedisEndpoint.discard(connection);
            }
        }
    }

    private void pause() {
        try {
            Thread.sleep(RESUBSCRIBE_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            running = false;
        }
    }

    /** Unsubscribes, which ends the listening loop; if Redis does not answer, closes the socket. */
    @Override
    public void close() {
        running = false;
        Listener current = listener;
        if (current != null && current.isSubscribed()) {
            try {
                current.unsubscribe();
            } catch (JedisException e) {
                RedisEndpoint.discard(connection);
            }
        }
        try {
            thread.join(CLOSE_WAIT_MILLIS);
            if (thread.isAlive()) {
                RedisEndpoint.discard(connection);
                thread.interrupt();
                thread.join(CLOSE_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private final class Listener extends BinaryJedisPubSub {
        private boolean callbackFailureLogged;
        private volatile boolean confirmed;

        @Override
        public void onSubscribe(byte[] channel, int subscribedChannels) {
            if (subscribedChannels == channels.size()) {
                confirmed = true;
                subscribed.complete(PubSubConsumer.this);
            }
        }

        @Override
        public void onMessage(byte[] channel, byte[] message) {
            ReceivedMessage received = PubSubFormat.decode(message);
            try {
                callback.messageReceived(received.payload(), received.publishMillis());
            } catch (RuntimeException e) {
                // Keep listening: one failed callback must not silence the subscription.
                if (!callbackFailureLogged) {
                    log.warn("subscriber {}: the callback failed: {}", name, e.toString());
                    callbackFailureLogged = true;
                }
            }
        }
    }
}
