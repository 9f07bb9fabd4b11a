package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.LocalBrokers;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server goes away in the middle of a run: sends fail (they do not hang), and close() ends
 * within its deadline. Stops and starts the server under test with bin/brokers (only that one).
 * mongo-java-server keeps its data in memory, so the restart removes this test's database with
 * everything else; every other test class makes its own data when it starts.
 */
class ServerDownIT {
    @TempDir
    Path dir;

    @Test
    void sendsFailAndCloseEndsWhenTheServerIsGone() throws Exception {
        String topic = LocalMongo.topic();
        Path file = dir.resolve("down.yaml");
        Files.writeString(file, "name: x\ndriverClass: io.mqbench.driver.mongo.MongoBenchmarkDriver\n"
                + "connectionString: \"mongodb://" + LocalMongo.ADDRESS + "/?serverSelectionTimeoutMS=2000\"\n"
                + "database: mqbench_it_down_" + UUID.randomUUID().toString().substring(0, 8) + "\npollInterval: 5ms\n");
        MongoBenchmarkDriver driver = new MongoBenchmarkDriver();
        driver.initialize(file.toFile(), null);
        Inbox inbox = new Inbox();
        driver.createTopic(topic, 1).get();
        driver.createConsumer(topic, "sub-d", inbox).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();
        Messages.sendAll(producer, 0, 10);
        assertEquals(10, Inbox.awaitTotal(10, 10_000, inbox), "received, and no more than sent");

        LocalBrokers.runWithin(120, "stop", LocalMongo.BROKER);
        try {
            CompletableFuture<Void> send = producer.sendAsync(Optional.empty(), Messages.payload(10));
            ExecutionException failed = assertThrows(ExecutionException.class, () -> send.get(15, TimeUnit.SECONDS));
            assertTrue(failed.getCause().getMessage().startsWith("insert into " + topic + ".sub.sub-d failed: "),
                    failed.getCause().getMessage());

            // One send is in the writer's hands, waiting for the server: close must not wait for it.
            CompletableFuture<Void> stuck = producer.sendAsync(Optional.empty(), Messages.payload(11));
            long started = System.nanoTime();
            driver.close();
            long closeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue(closeMillis < 9_000, "close took " + closeMillis + " ms");
            assertTrue(stuck.isCompletedExceptionally(), "the send the server never took has failed");
            assertEquals(10, inbox.count(), "nothing was delivered while the server was away");
        } finally {
            LocalBrokers.runWithin(120, "start", LocalMongo.BROKER);
        }
    }
}
