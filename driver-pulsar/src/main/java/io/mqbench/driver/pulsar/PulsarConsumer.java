package io.mqbench.driver.pulsar;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.driver.api.StampedPayload;
import io.mqbench.driver.support.PauseGate;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.PulsarClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Pulsar consumer of a subscription and a thread of its own that takes its messages, hands each
 * to the harness and then acknowledges it (at least once: a message whose acknowledgement never
 * reached the broker is delivered again when the consumer reconnects or closes).
 *
 * <p>A thread per consumer rather than the client's message listener: the listener threads are
 * shared by every consumer of the client, and a paused consumer must not hold one. Pausing stops
 * the client asking the broker for more ({@link Consumer#pause()}) and stops this thread taking
 * messages: what the broker had already pushed waits in the client's receiver queue (at most
 * {@code receiverQueueSize}) and is delivered after {@link #resume()}, so nothing reaches the
 * harness while paused.
 */
final class PulsarConsumer implements BenchmarkConsumer, PausableConsumer {
    private static final Logger log = LoggerFactory.getLogger(PulsarConsumer.class);
    /** How often a waiting thread looks whether it was paused or closed. */
    private static final int POLL_MILLIS = 100;

    private final Consumer<byte[]> consumer;
    private final ConsumerCallback callback;
    private final PauseGate gate = new PauseGate();
    private final Thread reader;
    private volatile boolean closing;

    private PulsarConsumer(Consumer<byte[]> consumer, ConsumerCallback callback, String threadName) {
        this.consumer = consumer;
        this.callback = callback;
        this.reader = new Thread(this::run, threadName);
        this.reader.setDaemon(true);
    }

    static PulsarConsumer start(Consumer<byte[]> consumer, ConsumerCallback callback, String threadName) {
        PulsarConsumer started = new PulsarConsumer(consumer, callback, threadName);
        started.reader.start();
        return started;
    }

    private void run() {
        try {
            while (gate.awaitResumed()) {
                Message<byte[]> message = consumer.receive(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (message == null) {
                    continue;
                }
                byte[] payload = message.getData();
                callback.messageReceived(payload, publishTime(payload, message));
                consumer.acknowledgeAsync(message.getMessageId());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (PulsarClientException.AlreadyClosedException e) {
            // closed under us: the end
        } catch (PulsarClientException | RuntimeException e) {
            if (!closing) {
                log.warn("Pulsar consumer {} of {} stopped receiving: {}", consumer.getConsumerName(), consumer.getTopic(), e.toString());
            }
        }
    }

    /** The send time stamped into the payload by mqbench's harness, or else the producer's publish time (its clock, in ms). */
    static long publishTime(byte[] payload, Message<byte[]> message) {
        long stamped = StampedPayload.sendMillis(payload);
        return stamped >= 0 ? stamped : message.getPublishTime();
    }

    @Override
    public void pause() {
        gate.pause();
        consumer.pause();
    }

    @Override
    public void resume() {
        consumer.resume();
        gate.resume();
    }

    /** Stops the thread, then closes the consumer (acknowledgements grouped by the client are sent first). */
    @Override
    public void close() throws Exception {
        closing = true;
        gate.close();
        reader.join(5_000);
        consumer.close();
    }
}
