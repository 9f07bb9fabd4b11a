package io.mqbench.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** Starting and stopping the driver: clear errors when Redis is missing, nothing left behind at close. */
class DriverLifecycleIT {

    @Test
    void anAddressWhereNothingListensFailsWithOneLineNamingIt() throws Exception {
        int freePort;
        try (ServerSocket socket = new ServerSocket(0)) {
            freePort = socket.getLocalPort();
        }
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        settings.port = freePort;
        IOException error = assertThrows(IOException.class, () -> RedisTesting.driver(settings));
        assertTrue(error.getMessage().startsWith("cannot use Redis at redis://127.0.0.1:" + freePort + ": "), error.getMessage());
        assertTrue(error.getMessage().contains("bin/brokers start redis"), error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }

    @Test
    void aWrongPasswordIsReportedWithoutRevealingIt() throws Exception {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        settings.password = "s3cret-value";
        IOException error = assertThrows(IOException.class, () -> RedisTesting.driver(settings));
        assertTrue(error.getMessage().contains("AUTH"), error.getMessage());
        assertFalse(error.getMessage().contains("s3cret-value"), error.getMessage());
    }

    @Test
    void tlsAgainstAPlaintextServerFailsInTheHandshake() {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        settings.tls = true;
        settings.socketTimeoutMs = 500; // the plaintext server waits for a command line that never comes
        IOException error = assertThrows(IOException.class, () -> RedisTesting.driver(settings));
        assertTrue(error.getMessage().startsWith("cannot use Redis at rediss://127.0.0.1:6379: "), error.getMessage());
        assertTrue(error.getMessage().contains("check host, port, password, tls"), error.getMessage());
        boolean inHandshake = false;
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            for (StackTraceElement frame : cause.getStackTrace()) {
                inHandshake |= frame.getClassName().startsWith("sun.security.ssl.");
            }
        }
        assertTrue(inHandshake, "the client spoke TLS");
    }

    @Test
    void closeStopsEveryThreadAndConnectionOfTheDriver() throws Exception {
        for (RedisSettings.Mode mode : RedisSettings.Mode.values()) {
            RedisBenchmarkDriver driver = RedisTesting.driver(RedisTesting.settings(mode));
            String topic = RedisTesting.newTopic(driver, 2);
            driver.createConsumer(topic, "sub-a", new RedisTesting.Recorder()).get();
            driver.createConsumer(topic, "sub-b", new RedisTesting.Recorder()).get();
            driver.createProducer(topic).get().sendAsync(Optional.empty(), RedisTesting.payload(1, 64)).get();
            try (Jedis redis = RedisTesting.inspector()) {
                assertEquals(3, connectionsNamed(redis, driver.clientName()), mode + ": a producer and two consumers");
                assertTrue(driverThreads() >= 4, mode + ": reader and writer of the producer, one per consumer");
                driver.close();
                assertEquals(0, connectionsNamed(redis, driver.clientName()), mode + ": every connection closed");
                assertEquals(0, driverThreads(), mode + ": every thread stopped");
            }
        }
    }

    @Test
    void aPoolTooSmallForTheClientsFailsWithAHintToRaisePoolMaxTotal() throws Exception {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        settings.poolMaxTotal = 2;
        settings.poolMaxIdle = 2;
        settings.poolMaxWaitMs = 200;
        try (RedisBenchmarkDriver driver = RedisTesting.driver(settings)) {
            String topic = RedisTesting.newTopic(driver, 1);
            driver.createConsumer(topic, "sub", new RedisTesting.Recorder()).get();
            driver.createConsumer(topic, "sub", new RedisTesting.Recorder()).get();
            ExecutionException error = assertThrows(ExecutionException.class,
                    () -> driver.createConsumer(topic, "sub", new RedisTesting.Recorder()).get());
            String message = error.getCause().getMessage();
            assertTrue(message.contains("poolMaxTotal (jedisPoolMaxTotal) is 2"), message);
            assertTrue(message.contains("raise poolMaxTotal"), message);
        }
    }

    private static long connectionsNamed(Jedis redis, String name) {
        return redis.clientList().lines().filter(line -> line.contains(" name=" + name + " ")).count();
    }

    private static long driverThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("redis-"))
                .count();
    }

    @Test
    void metadataNamesClientServerAndModeButNoSecret() throws Exception {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.PUBSUB);
        try (RedisBenchmarkDriver driver = RedisTesting.driver(settings)) {
            Map<String, String> facts = driver.metadata();
            assertEquals("jedis 5.2.0", facts.get("clientLibrary"));
            assertEquals("7.0.15", facts.get("brokerVersion"));
            assertEquals("standalone 127.0.0.1:6379", facts.get("redis"));
            assertEquals("pubsub", facts.get("mode"));
            assertTrue(facts.get("delivery").startsWith("at most once"));
        }
    }
}
