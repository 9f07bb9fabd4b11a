package io.mqbench.driver.rocketmq;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.MessageQueueSelector;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * Sends one topic's messages asynchronously on the driver's shared RocketMQ producer; a send is done
 * when the master broker answered SEND_OK. Without a key the client spreads messages over the
 * topic's queues round-robin. With a key the queue is the key's hash, so one key's messages keep
 * their order (upstream OMB's driver only sets the key as an index key and spreads them round-robin).
 */
final class RocketMqProducer implements BenchmarkProducer {
    /** The queue of a key: the same key always on the same queue while the topic keeps its queue count. */
    private static final MessageQueueSelector BY_KEY_HASH = (List<MessageQueue> queues, Message message, Object key) ->
            queues.get(Math.floorMod(key.hashCode(), queues.size()));

    private final DefaultMQProducer producer;
    private final String topic;
    private final long timeoutMillis;

    RocketMqProducer(DefaultMQProducer producer, String topic, long timeoutMillis) {
        this.producer = producer;
        this.topic = topic;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        Message message = new Message(topic, payload);
        CompletableFuture<Void> done = new CompletableFuture<>();
        SendCallback callback = new SendCallback() {
            @Override
            public void onSuccess(SendResult result) {
                // Asynchronous sends report SEND_OK only; a slave-related status is a failure to store as asked.
                if (result.getSendStatus() == SendStatus.SEND_OK) {
                    done.complete(null);
                } else {
                    done.completeExceptionally(new IllegalStateException("RocketMQ answered " + result.getSendStatus()));
                }
            }

            @Override
            public void onException(Throwable error) {
                done.completeExceptionally(error);
            }
        };
        try {
            if (key.isPresent()) {
                message.setKeys(key.get());
                producer.send(message, BY_KEY_HASH, key.get(), callback, timeoutMillis);
            } else {
                producer.send(message, callback, timeoutMillis);
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            done.completeExceptionally(e);
        }
        return done;
    }

    /** The producer is the driver's, shared by every topic: it closes with the driver. */
    @Override
    public void close() {}
}
