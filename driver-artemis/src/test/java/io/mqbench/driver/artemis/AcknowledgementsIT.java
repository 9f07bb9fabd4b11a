package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What each ackMode leaves unacknowledged when a consumer closes early: client and transacted
 * modes settle every N messages, so the broker delivers the partial batch again to the next
 * consumer of the subscription; auto mode acknowledged everything. And pause/resume.
 */
class AcknowledgementsIT {
    private static final int SENT = 250;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "clientApi {0}, ackMode {1}")
    @CsvSource({
            "jms, client, clientAckBatchSize, 200",
            "jms, transacted, transactionBatchSize, 200",
            "jms, auto, , 250",
            "core, client, clientAckBatchSize, 200",
            "core, transacted, transactionBatchSize, 200",
            "core, auto, , 250",
    })
    void aConsumerClosedEarlyLeavesItsUnsettledMessagesToTheNext(String clientApi, String ackMode, String batchField,
                                                                 int settled) throws Exception {
        String batch = batchField == null ? "" : batchField + ": 100\n";
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi + "\nackMode: " + ackMode
                + "\n" + batch);
        try {
            String topic = LocalBroker.topic();
            String subscription = LocalBroker.subscription("ack");
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            Inbox first = new Inbox();
            BenchmarkConsumer early = driver.createConsumer(topic, subscription, first).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, SENT);
            assertEquals(SENT, Inbox.awaitTotal(SENT, 30_000, first), "received, and no more than sent");
            early.close();

            Inbox next = new Inbox();
            driver.createConsumer(topic, subscription, next).get(30, TimeUnit.SECONDS);
            int redelivered = SENT - settled;
            if (redelivered > 0) {
                assertEquals(redelivered, Inbox.awaitTotal(redelivered, 30_000, next), "received, and no more than sent");
                assertEquals(IntStream.range(settled, SENT).boxed().toList(), Messages.ids(next),
                        "exactly the messages after the last settled batch, in order");
            } else {
                Thread.sleep(1_500);
                assertEquals(0, next.count(), "auto-acknowledge left nothing to deliver again");
            }
        } finally {
            driver.close();
        }
    }

    @ParameterizedTest(name = "clientApi {0}")
    @ValueSource(strings = {"jms", "core"})
    void aPausedConsumerGetsNothingUntilResumed(String clientApi) throws Exception {
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi + "\nackMode: auto\n");
        try {
            String topic = LocalBroker.topic();
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            Inbox inbox = new Inbox();
            BenchmarkConsumer consumer = driver.createConsumer(topic, LocalBroker.subscription("pause"), inbox)
                    .get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 0, 10, false);
            assertEquals(10, Inbox.awaitTotal(10, 30_000, inbox), "received, and no more than sent");

            assertTrue(consumer instanceof PausableConsumer);
            ((PausableConsumer) consumer).pause();
            Messages.sendAll(producer, 10, 110, false);
            Thread.sleep(1_500);
            assertEquals(10, inbox.count(), "nothing delivered while paused");

            ((PausableConsumer) consumer).resume();
            assertEquals(110, Inbox.awaitTotal(110, 30_000, inbox), "received, and no more than sent");
            List<Integer> ids = Messages.ids(inbox);
            assertEquals(IntStream.range(0, 110).boxed().toList(), ids, "the rest, in order, once");
        } finally {
            driver.close();
        }
    }
}
