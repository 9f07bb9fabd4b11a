package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A send's future completes when the broker answered, not when the client wrote the message:
 * with the broker's JVM frozen (SIGSTOP) an async send stays open and a sync send does not
 * return; both finish once it runs again. A send the broker refuses fails its future.
 */
class SendAcknowledgementsIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "clientApi {0}")
    @ValueSource(strings = {"jms", "core"})
    void anAsyncSendCompletesOnlyOnceTheBrokerAnswered(String clientApi) throws Exception {
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi
                + "\ndeliveryMode: persistent\nsendMode: async\n");
        try {
            BenchmarkProducer producer = subscribedProducer(driver);
            Messages.sendAll(producer, 1);
            CompletableFuture<Void> send;
            LocalBroker.signalBroker("STOP");
            try {
                long start = System.nanoTime();
                send = producer.sendAsync(Optional.empty(), Messages.payload(1));
                assertTrue(System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(500),
                        "an async send does not wait for the broker");
                Thread.sleep(700);
                assertFalse(send.isDone(), "no answer from a frozen broker, so the send is still open");
            } finally {
                LocalBroker.signalBroker("CONT");
            }
            send.get(15, TimeUnit.SECONDS);
        } finally {
            driver.close();
        }
    }

    @ParameterizedTest(name = "clientApi {0}")
    @ValueSource(strings = {"jms", "core"})
    void aSyncSendReturnsOnlyOnceTheBrokerAnswered(String clientApi) throws Exception {
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi
                + "\ndeliveryMode: non_persistent\nsendMode: sync\n");
        try {
            BenchmarkProducer producer = subscribedProducer(driver);
            Messages.sendAll(producer, 1);
            CompletableFuture<CompletableFuture<Void>> call;
            LocalBroker.signalBroker("STOP");
            try {
                call = CompletableFuture.supplyAsync(() -> producer.sendAsync(Optional.empty(), Messages.payload(1)));
                Thread.sleep(700);
                assertFalse(call.isDone(), () -> "sync mode: even a non-persistent send waits for the broker; it returned " + outcome(call));
            } finally {
                LocalBroker.signalBroker("CONT");
            }
            CompletableFuture<Void> send = call.get(15, TimeUnit.SECONDS);
            assertTrue(send.isDone() && !send.isCompletedExceptionally(), "complete when the call returns");
        } finally {
            driver.close();
        }
    }

    @ParameterizedTest(name = "clientApi {0}, sendMode {1}")
    @CsvSource({"jms, async", "jms, sync", "core, async", "core, sync"})
    void aSendTheBrokerRefusesFails(String clientApi, String sendMode) throws Exception {
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi
                + "\ndeliveryMode: persistent\nsendMode: " + sendMode + "\n");
        String topic = LocalBroker.topic();
        try (BrokerConsole console = new BrokerConsole()) {
            // This test's own address refuses messages beyond 20 kB instead of paging them.
            console.addAddressSettings(topic, "{\"maxSizeBytes\": 20000, \"pageSizeBytes\": 10000,"
                    + " \"addressFullMessagePolicy\": \"FAIL\"}");
            try {
                driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
                BenchmarkConsumer consumer = driver.createConsumer(topic, LocalBroker.subscription("full"), new Inbox())
                        .get(30, TimeUnit.SECONDS);
                consumer.close(); // the durable subscription keeps what arrives, nobody takes it
                BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
                List<CompletableFuture<Void>> sends = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    sends.add(producer.sendAsync(Optional.empty(), new byte[1024]));
                }
                int completed = 0;
                List<String> failures = new ArrayList<>();
                for (CompletableFuture<Void> send : sends) {
                    try {
                        send.get(30, TimeUnit.SECONDS);
                        completed++;
                    } catch (ExecutionException e) {
                        failures.add(String.valueOf(e.getCause().getMessage()));
                    }
                }
                assertTrue(completed > 0, "the first messages fit");
                assertEquals(100, completed + failures.size());
                assertFalse(failures.isEmpty(), "sends beyond the limit fail");
                assertTrue(failures.get(0).contains("is full"), failures.get(0));
            } finally {
                driver.close();
                console.removeAddressSettings(topic);
            }
        }
    }

    /** What a finished call returned, for a failure's message: a send's future done or failed, or the call's own failure. */
    private static String outcome(CompletableFuture<CompletableFuture<Void>> call) {
        try {
            CompletableFuture<Void> send = call.getNow(null);
            if (send == null || !send.isDone()) {
                return "a send still open";
            }
            send.getNow(null);
            return "a send done";
        } catch (RuntimeException e) {
            return "a failure: " + e;
        }
    }

    /** A producer on a new topic that has a consumed subscription, so messages have somewhere to go. */
    private static BenchmarkProducer subscribedProducer(ArtemisBenchmarkDriver driver) throws Exception {
        String topic = LocalBroker.topic();
        driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
        driver.createConsumer(topic, LocalBroker.subscription("ack"), new Inbox()).get(30, TimeUnit.SECONDS);
        return driver.createProducer(topic).get(30, TimeUnit.SECONDS);
    }
}
