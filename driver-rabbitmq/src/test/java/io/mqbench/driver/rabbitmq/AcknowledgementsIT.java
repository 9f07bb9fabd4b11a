package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.rabbitmq.client.Connection;
import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Consumer acknowledgements, prefetch, and pausing, on the real broker. */
class AcknowledgementsIT {
    @TempDir
    Path dir;

    @Test
    void multipleAcksEvery50WithPrefetch100DeliverAndSettleEverything() throws Exception {
        String topic = "mqbench-it-acks-" + System.nanoTime();
        Inbox inbox = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "prefetch: 100\nackEvery: 50\n");
             Connection inspector = LocalBroker.connect()) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            BenchmarkConsumer consumer = driver.createConsumer(topic, "s", inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 5_000, false);
            assertEquals(5_000, Inbox.awaitTotal(5_000, 60_000, inbox), "received, and no more than sent");
            Messages.assertExactlyOnce(inbox.payloads(), 5_000);
            // 5 000 is a multiple of 50: every message was covered by a multiple-ack, so closing
            // the consumer hands nothing back to the queue.
            consumer.close();
            Thread.sleep(300);
            assertEquals(0, LocalBroker.readyMessages(inspector, topic + "-s"), "nothing left unacknowledged");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"classic", "stream"})
    void aPausedConsumerGetsNothingAndResumesWhereItStopped(String queueType) throws Exception {
        String topic = "mqbench-it-pause-" + queueType + "-" + System.nanoTime();
        Inbox inbox = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "queueType: " + queueType + "\n"
                + "prefetch: 100\nackEvery: 10\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            BenchmarkConsumer consumer = driver.createConsumer(topic, "s", inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 300, false);
            assertEquals(300, Inbox.awaitTotal(300, 30_000, inbox), "received, and no more than sent");
            ((PausableConsumer) consumer).pause();
            Messages.sendAll(producer, 500, false);
            Thread.sleep(1_000);
            assertEquals(300, inbox.count(), "paused");
            ((PausableConsumer) consumer).resume();
            // For a stream the consumer resumes after the last offset it read, not at "next".
            assertEquals(800, Inbox.awaitTotal(800, 30_000, inbox), "received, and no more than sent");
            assertEquals(IntStream.range(0, 300).boxed().toList(), Messages.ids(inbox).subList(0, 300));
            assertEquals(IntStream.range(0, 500).boxed().toList(), Messages.ids(inbox).subList(300, 800),
                    "after the pause: the second batch, complete and in order, nothing twice");
        }
    }
}
