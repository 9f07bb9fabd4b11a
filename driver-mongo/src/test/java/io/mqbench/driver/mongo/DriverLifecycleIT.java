package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Connecting, describing the server, failing clearly, and closing without leftovers. */
class DriverLifecycleIT {
    /** This class's own database, dropped after its last test. */
    @RegisterExtension
    static final LocalMongo mongo = new LocalMongo();

    @TempDir
    Path dir;

    @Test
    void anUnreachableServerFailsInitializeWithOneLineNamingTheAddress() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path file = dir.resolve("unreachable.yaml");
        Files.writeString(file, "name: x\ndriverClass: io.mqbench.driver.mongo.MongoBenchmarkDriver\n"
                + "connectionString: \"mongodb://user:s3cret@127.0.0.1:" + port + "/?serverSelectionTimeoutMS=1000\"\n");
        MongoBenchmarkDriver driver = new MongoBenchmarkDriver();
        long started = System.nanoTime();
        IOException e = assertThrows(IOException.class, () -> driver.initialize(file.toFile(), null));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) < 10_000, "gave up after the timeout");
        assertTrue(e.getMessage().startsWith("cannot reach MongoDB at 127.0.0.1:" + port + " ("), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        driver.close();
    }

    @Test
    void metadataNamesTheClientTheServerAndTheGuarantees() throws Exception {
        try (MongoBenchmarkDriver driver = mongo.driver(dir, "writeConcern: majority\nconsumerWriteConcern: w1\n")) {
            Map<String, String> facts = driver.metadata();
            assertTrue(facts.get("clientLibrary").startsWith("org.mongodb:mongodb-driver-sync 5."), facts.toString());
            assertFalse(facts.get("brokerVersion").isBlank());
            assertEquals("standalone", facts.get("topology"), "bin/brokers runs one server, no replica set");
            assertEquals(LocalMongo.ADDRESS, facts.get("hosts"));
            assertEquals("majority, wtimeout 10s", facts.get("writeConcern"));
            assertEquals("w1", facts.get("consumerWriteConcern"));
            assertEquals(mongo.database, facts.get("database"));
        }
    }

    @Test
    void sendsToATopicWithoutSubscriptionsFailAndSayWhy() throws Exception {
        String topic = LocalMongo.topic();
        try (MongoBenchmarkDriver driver = mongo.driver(dir, "")) {
            driver.createTopic(topic, 1).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> producer.sendAsync(Optional.empty(), Messages.payload(1)).get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().startsWith("topic " + topic + " has no subscription"),
                    e.getCause().getMessage());
        }
        assertEquals(List.of(), mongo.collections().stream().filter(n -> n.startsWith(topic)).toList());
    }

    @Test
    void aSubscriptionCreatedWhileAProducerRunsGetsItsMessagesFromThenOn() throws Exception {
        String topic = LocalMongo.topic();
        Inbox early = new Inbox();
        Inbox late = new Inbox();
        try (MongoBenchmarkDriver driver = mongo.driver(dir, "")) {
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-early", early).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            Messages.sendAll(producer, 0, 10);
            driver.createConsumer(topic, "sub-late", late).get();
            // The producer looks for new subscriptions once a second.
            Thread.sleep(SubscriptionTargets.REFRESH_MILLIS + 200);
            Messages.sendAll(producer, 10, 20);
            assertEquals(20, Inbox.awaitTotal(20, 10_000, early), "received, and no more than sent");
            assertEquals(10, Inbox.awaitTotal(10, 10_000, late), "received, and no more than sent");
        }
        assertEquals(java.util.stream.IntStream.range(10, 20).boxed().toList(), Messages.ids(late).stream().sorted().toList());
    }

    private static Set<String> clientThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .filter(name -> name.startsWith("mongo-") || name.startsWith("cluster-"))
                .collect(Collectors.toSet());
    }

    @Test
    void closeEndsEveryThreadTheDriverStarted() throws Exception {
        String topic = LocalMongo.topic();
        // The test's own inspecting client has monitor threads too: only new ones count.
        Set<String> before = clientThreads();
        MongoBenchmarkDriver driver = mongo.driver(dir, "pollInterval: 5ms\n");
        driver.createTopic(topic, 1).get();
        MongoConsumer paused = (MongoConsumer) driver.createConsumer(topic, "sub-c", new Inbox()).get();
        paused.pause();
        driver.createConsumer(topic, "sub-c", new Inbox()).get();
        BenchmarkProducer producer = driver.createProducer(topic).get();
        Messages.sendAll(producer, 0, 100);
        long started = System.nanoTime();
        driver.close();
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) < 5_000, "close is quick");
        Set<String> left = clientThreads();
        left.removeAll(before);
        long deadline = System.currentTimeMillis() + 2_000;
        while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            left = clientThreads();
            left.removeAll(before);
        }
        assertEquals(Set.of(), left, "threads still running after close");
        assertTrue(producer.sendAsync(Optional.empty(), Messages.payload(1)).isCompletedExceptionally(),
                "a closed producer refuses sends at once");
    }
}
