package io.mqbench.driver.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.mqbench.testing.LocalBrokers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The RabbitMQ that {@code bin/brokers start rabbitmq} runs on 127.0.0.1:5672, and what the ITs
 * need of it: a driver file, a plain client connection to look at queues, and the tool itself to
 * stop, start, freeze and thaw the broker.
 */
final class LocalBroker {
    static final String URI = "amqp://guest:guest@127.0.0.1:5672";
    static final String HEAD = "name: RabbitMQ-IT\n"
            + "driverClass: io.mqbench.driver.rabbitmq.RabbitMqBenchmarkDriver\n"
            + "amqpUris: [\"" + URI + "\"]\n"
            + "producerCreationDelay: 0\nconsumerCreationDelay: 0\n";

    private LocalBroker() {}

    /** Writes a driver file with {@code settings} below the common head. */
    static Path driverFile(Path dir, String settings) throws IOException {
        Path file = Files.createTempFile(dir, "rabbitmq-", ".yaml");
        Files.writeString(file, HEAD + settings);
        return file;
    }

    static RabbitMqBenchmarkDriver driver(Path dir, String settings) throws Exception {
        RabbitMqBenchmarkDriver driver = new RabbitMqBenchmarkDriver();
        driver.initialize(driverFile(dir, settings).toFile(), null);
        return driver;
    }

    /** A plain client connection, for checking what the driver left on the broker. */
    static Connection connect() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(URI);
        return factory.newConnection("mqbench-it-inspector");
    }

    /** Ready messages in a queue, or -1 when the queue does not exist. */
    static long readyMessages(Connection connection, String queue) throws Exception {
        Channel channel = connection.createChannel();
        try {
            return channel.queueDeclarePassive(queue).getMessageCount();
        } catch (IOException e) {
            return -1;
        } finally {
            if (channel.isOpen()) {
                channel.close();
            }
        }
    }

    /** Sends SIGSTOP or SIGCONT to the broker's Erlang VM, whose PID bin/brokers keeps. */
    static void signalBroker(String signal) throws Exception {
        LocalBrokers.signal("rabbitmq/beam.pid", signal);
    }
}
