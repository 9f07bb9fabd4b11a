package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.api.PausableConsumer;
import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A send future means what the broker said. To show that it waits for the broker, the test
 * freezes the broker's VM (SIGSTOP) around a send: with confirms the future stays open until the
 * broker runs again; without, it is complete as soon as the client wrote the message.
 */
class PublisherConfirmsIT {
    @TempDir
    Path dir;

    @Test
    void withConfirmsASendCompletesOnlyOnceTheBrokerConfirmedIt() throws Exception {
        String topic = "mqbench-it-confirm-" + System.nanoTime();
        Inbox inbox = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "publisherConfirms: true\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "s", inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            producer.sendAsync(Optional.empty(), Messages.payload(0)).get(10, TimeUnit.SECONDS);

            CompletableFuture<Void> send;
            LocalBroker.signalBroker("STOP");
            try {
                send = producer.sendAsync(Optional.empty(), Messages.payload(1));
                Thread.sleep(500);
                assertFalse(send.isDone(), "no confirm while the broker is frozen");
            } finally {
                LocalBroker.signalBroker("CONT");
            }
            send.get(10, TimeUnit.SECONDS);
            assertEquals(2, Inbox.awaitTotal(2, 10_000, inbox), "received, and no more than sent");
        }
    }

    @Test
    void withoutConfirmsASendCompletesWhenTheClientWroteIt() throws Exception {
        String topic = "mqbench-it-noconfirm-" + System.nanoTime();
        Inbox inbox = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "publisherConfirms: false\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, "s", inbox).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            CompletableFuture<Void> send;
            LocalBroker.signalBroker("STOP");
            try {
                send = producer.sendAsync(Optional.empty(), Messages.payload(0));
                assertTrue(send.isDone() && !send.isCompletedExceptionally(),
                        "complete although the broker is frozen: nobody confirmed it");
            } finally {
                LocalBroker.signalBroker("CONT");
            }
            assertEquals(1, Inbox.awaitTotal(1, 10_000, inbox), "received, and no more than sent");
        }
    }

    @Test
    void aMessageTheBrokerRefusesFailsItsSend() throws Exception {
        String topic = "mqbench-it-nack-" + System.nanoTime();
        Inbox inbox = new Inbox();
        try (RabbitMqBenchmarkDriver driver = LocalBroker.driver(dir, "queueArguments:\n"
                + "  x-max-length: 10\n  x-overflow: reject-publish\n")) {
            driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            BenchmarkConsumer consumer = driver.createConsumer(topic, "s", inbox).get(30, TimeUnit.SECONDS);
            ((PausableConsumer) consumer).pause();
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int id = 0; id < 15; id++) {
                sends.add(producer.sendAsync(Optional.empty(), Messages.payload(id)));
                sends.get(id).handle((ok, error) -> null).get(10, TimeUnit.SECONDS);
            }
            for (int id = 0; id < 10; id++) {
                assertFalse(sends.get(id).isCompletedExceptionally(), "message " + id + " fits the queue");
            }
            for (int id = 10; id < 15; id++) {
                ExecutionException e = assertThrows(ExecutionException.class, sends.get(id)::get);
                assertInstanceOf(ConfirmTracker.NackedException.class, e.getCause(), "message " + id);
            }
            assertEquals(0, inbox.count(), "paused: nothing delivered");
            ((PausableConsumer) consumer).resume();
            assertEquals(10, Inbox.awaitTotal(10, 10_000, inbox), "received, and no more than sent");
            Messages.assertExactlyOnce(inbox.payloads(), 10);
        }
    }
}
