package io.mqbench.driver.rabbitmq;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The publish time the consumer reports: the payload's mqbench stamp when it has one (the producer
 * then sends no header of its own, unless mandatory or a headers exchange needs one), the
 * producer's header otherwise (payloads in an upstream OMB worker).
 */
class PublishTimeIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mandatory: false", "mandatory: true", "exchangeType: headers"})
    void stampedPayloadsCarryTheirOwnTimeAndOthersGetTheProducers(String settings) throws Exception {
        String topic = "mqbench-it-publish-time-" + System.nanoTime();
        Inbox inbox = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, settings + "\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "one", inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.assertPublishTimes(producer, inbox);
        }
    }
}
