package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.testing.Inbox;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deletes after the callback, redelivery after the visibility timeout, pause and resume. */
class AcknowledgementIT {
    @TempDir
    Path dir;

    @Test
    void aMessageNotDeletedComesBackAfterTheVisibilityTimeout() throws Exception {
        int visibilitySeconds = 2;
        AtomicBoolean failedOnce = new AtomicBoolean();
        List<Long> deliveriesOfThree = Collections.synchronizedList(new ArrayList<>());
        // The callback fails the first delivery of message 3, as an application that could not process it.
        Inbox inbox = new Inbox() {
            @Override
            public void messageReceived(byte[] payload, long publishTimestamp) {
                if (Messages.id(payload) == 3) {
                    deliveriesOfThree.add(System.nanoTime());
                    if (failedOnce.compareAndSet(false, true)) {
                        throw new IllegalStateException("cannot process message 3 yet");
                    }
                }
                super.messageReceived(payload, publishTimestamp);
            }
        };
        String topic = LocalSqs.topic();
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, Map.of("visibilityTimeout", visibilitySeconds))) {
            driver.createTopic(topic, 1).get();
            BenchmarkConsumer consumer = driver.createConsumer(topic, "sub-000-x", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            Random random = new Random(3);
            for (int id = 0; id < 10; id++) {
                producer.sendAsync(Optional.empty(), Messages.payload(id, 100, random)).get(10, TimeUnit.SECONDS);
            }
            assertEquals(10, Inbox.awaitTotal(10, 20_000, LocalSqs.STRAY_MS, inbox), "received, and no more than sent");
            consumer.close();
        }
        assertEquals(2, deliveriesOfThree.size(), "message 3 delivered twice: once failed, once processed");
        double gapSeconds = (deliveriesOfThree.get(1) - deliveriesOfThree.get(0)) / 1e9;
        assertTrue(gapSeconds >= visibilitySeconds - 0.2 && gapSeconds < visibilitySeconds + 5,
                "redelivered after the visibility timeout of " + visibilitySeconds + " s, not before: " + gapSeconds + " s");
        assertEquals(10, Messages.ids(inbox).stream().distinct().count(), "the other messages were deleted: delivered once");
    }

    @Test
    void aPausedConsumerReceivesNothingAndGetsEverythingOnResume() throws Exception {
        String topic = LocalSqs.topic();
        Inbox inbox = new Inbox();
        // Short long-polls, so that the poll in flight when pausing ends soon.
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, Map.of("waitTimeSeconds", 1))) {
            driver.createTopic(topic, 1).get();
            BenchmarkConsumer consumer = driver.createConsumer(topic, "sub-000-x", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            PausableConsumer pausable = (PausableConsumer) consumer;
            pausable.pause();
            Thread.sleep(1_500);
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            Random random = new Random(5);
            for (int id = 0; id < 50; id++) {
                sends.add(producer.sendAsync(Optional.empty(), Messages.payload(id, 200, random)));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(20, TimeUnit.SECONDS);
            Thread.sleep(2_000);
            assertEquals(0, inbox.count(), "nothing received while paused");
            pausable.resume();
            assertEquals(50, Inbox.awaitTotal(50, 20_000, LocalSqs.STRAY_MS, inbox), "received, and no more than sent");
            assertEquals(50, Messages.ids(inbox).stream().distinct().count());
            consumer.close();
        }
    }
}
