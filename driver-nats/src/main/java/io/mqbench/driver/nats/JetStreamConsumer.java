package io.mqbench.driver.nats;

import io.mqbench.driver.api.PausableConsumer;
import io.nats.client.ConsumeOptions;
import io.nats.client.ConsumerContext;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.MessageConsumer;
import io.nats.client.MessageHandler;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;

/**
 * One client of a durable pull consumer (a subscription): the client keeps pull requests of
 * {@code pullBatchSize} messages outstanding and hands each message to the harness, then
 * acknowledges it (at least once: a message whose acknowledgement is lost comes again after {@code
 * ackWaitMs}). Consumers of one subscription pull from the same durable consumer, so the server
 * shares its messages between them.
 */
final class JetStreamConsumer implements BenchmarkConsumer, PausableConsumer {
    /**
     * How long a pull request stays open on the server. A paused consumer stops asking, but the
     * request it has out still delivers until it expires: pausing takes effect within this time.
     * (The client's default, 30 s, would let a paused consumer take up to a batch for half a minute.)
     */
    static final long PULL_EXPIRES_MILLIS = 2_000;

    private final Connection connection;
    private final ConsumerContext context;
    private final ConsumeOptions options;
    private final MessageHandler handler;
    private MessageConsumer pulling;

    private JetStreamConsumer(Connection connection, ConsumerContext context, ConsumeOptions options, MessageHandler handler) {
        this.connection = connection;
        this.context = context;
        this.options = options;
        this.handler = handler;
    }

    /** Starts pulling from the durable consumer {@code durable} of {@code stream}, which must exist. */
    static JetStreamConsumer start(Connection connection, String stream, String durable, int pullBatchSize,
                                   ConsumerCallback callback) throws IOException, JetStreamApiException {
        ConsumerContext context = connection.getStreamContext(stream).getConsumerContext(durable);
        MessageHandler handler = message -> {
            callback.messageReceived(message.getData(), PublishTime.of(message));
            message.ack();
        };
        JetStreamConsumer consumer = new JetStreamConsumer(connection, context,
                ConsumeOptions.builder().batchSize(pullBatchSize).expiresIn(PULL_EXPIRES_MILLIS).build(), handler);
        consumer.resume();
        return consumer;
    }

    /**
     * Stops asking for more; messages already pulled, and those the open pull request brings until
     * it expires ({@link #PULL_EXPIRES_MILLIS}), are still delivered and acknowledged.
     */
    @Override
    public synchronized void pause() {
        if (pulling != null) {
            pulling.stop();
            pulling = null;
        }
    }

    @Override
    public synchronized void resume() {
        if (pulling == null) {
            try {
                pulling = context.consume(options, handler);
            } catch (IOException | JetStreamApiException e) {
                throw new IllegalStateException("cannot pull from NATS consumer " + context.getConsumerName() + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public synchronized void close() throws Exception {
        try {
            if (pulling != null) {
                pulling.close();
                pulling = null;
            }
        } finally {
            connection.close();
        }
    }
}
