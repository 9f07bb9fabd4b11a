package io.mqbench.driver.rocketmq;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.api.StampedPayload;
import io.mqbench.driver.support.PauseGate;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.List;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * One push consumer of a consumer group (the subscription). The client pulls from the queues the
 * group's rebalance gives it and hands messages to a listener on its consume threads; the listener
 * hands each to the harness and reports success, after which the client commits the queue's offset
 * (to the broker every 5 s). At least once: what was handed over but not yet committed when a
 * consumer goes away is delivered again to the consumer that takes its queues.
 *
 * <p>Pausing stops the client pulling ({@link DefaultMQPushConsumer#suspend()}) and holds the
 * consume threads at a gate, so what was already pulled waits in the client (at most
 * pullThresholdForQueue per queue) and nothing reaches the harness until {@link #resume()}.
 */
final class RocketMqConsumer implements BenchmarkConsumer, PausableConsumer {
    private final DefaultMQPushConsumer consumer;
    private final ConsumerCallback callback;
    private final PauseGate gate = new PauseGate();

    private RocketMqConsumer(DefaultMQPushConsumer consumer, ConsumerCallback callback) {
        this.consumer = consumer;
        this.callback = callback;
    }

    /** Registers the listener of the given mode and starts the consumer. */
    static RocketMqConsumer start(DefaultMQPushConsumer consumer, ConsumerCallback callback, boolean orderly)
            throws MQClientException {
        RocketMqConsumer started = new RocketMqConsumer(consumer, callback);
        if (orderly) {
            consumer.registerMessageListener((MessageListenerOrderly) (messages, context) ->
                    started.handOver(messages) ? ConsumeOrderlyStatus.SUCCESS : ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT);
        } else {
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
                    started.handOver(messages) ? ConsumeConcurrentlyStatus.CONSUME_SUCCESS : ConsumeConcurrentlyStatus.RECONSUME_LATER);
        }
        consumer.start();
        return started;
    }

    /** False when the consumer closed while these messages waited at the pause gate: they are not consumed. */
    private boolean handOver(List<MessageExt> messages) {
        try {
            if (!gate.awaitResumed()) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        for (MessageExt message : messages) {
            byte[] payload = message.getBody();
            callback.messageReceived(payload, publishTime(payload, message));
        }
        return true;
    }

    /** The send time stamped into the payload by mqbench's harness, or else the producer's born time (its clock, in ms). */
    static long publishTime(byte[] payload, MessageExt message) {
        long stamped = StampedPayload.sendMillis(payload);
        return stamped >= 0 ? stamped : message.getBornTimestamp();
    }

    @Override
    public void pause() {
        gate.pause();
        consumer.suspend();
    }

    @Override
    public void resume() {
        consumer.resume();
        gate.resume();
    }

    /** Releases threads waiting at the gate, then shuts the consumer down (its offsets are committed first). */
    @Override
    public void close() {
        gate.close();
        consumer.shutdown();
    }
}
