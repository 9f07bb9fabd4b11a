package io.mqbench.driver.artemis;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The publish time the consumer reports: the payload's mqbench stamp when it has one (the producer
 * then sets no property of its own), the producer's message property otherwise (payloads in an
 * upstream OMB worker).
 */
class PublishTimeIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "clientApi {0}, sendMode {1}")
    @CsvSource({"jms, async", "jms, sync", "core, async", "core, sync"})
    void stampedPayloadsCarryTheirOwnTimeAndOthersGetTheProducers(String clientApi, String sendMode) throws Exception {
        String topic = LocalBroker.topic();
        Inbox inbox = new Inbox();
        try (ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi + "\nsendMode: "
                + sendMode + "\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, LocalBroker.subscription("time"), inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.assertPublishTimes(producer, inbox);
        }
    }
}
