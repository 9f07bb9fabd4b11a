package io.mqbench.driver.redis;

import static io.mqbench.driver.redis.RedisTesting.payload;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.args.ClientPauseMode;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.ClientKillParams;
import redis.clients.jedis.resps.StreamEntry;

/** The producer's pipeline against the real server: what a send's future means, and back-pressure. */
class PipelineIT {
    private final Jedis redis = RedisTesting.inspector();
    private RedisBenchmarkDriver driver;

    @AfterEach
    void close() throws Exception {
        redis.clientUnpause();
        if (driver != null) {
            driver.close();
        }
        redis.close();
    }

    private BenchmarkProducer producer(int window, String topic) throws Exception {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        settings.pipelineWindow = window;
        driver = RedisTesting.driver(settings);
        driver.createTopic(topic, 1).get();
        return driver.createProducer(topic).get();
    }

    @Test
    void aSendCompletesOnlyOnceRedisHasAnswered() throws Exception {
        BenchmarkProducer producer = producer(16, RedisTesting.randomTopic());
        producer.sendAsync(Optional.empty(), payload(0, 100)).get(5, TimeUnit.SECONDS);

        redis.clientPause(1_000, ClientPauseMode.WRITE); // Redis holds write commands for 1 s
        long start = System.nanoTime();
        CompletableFuture<Void> send = producer.sendAsync(Optional.empty(), payload(1, 100));
        Thread.sleep(300);
        assertFalse(send.isDone(), "Redis has not executed the XADD yet, so the send is not complete");
        send.get(5, TimeUnit.SECONDS);
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(waitedMillis >= 700, "completed after the pause ended, not before: " + waitedMillis + " ms");
    }

    @Test
    void aFullWindowMakesTheCallerWaitUntilRepliesArrive() throws Exception {
        BenchmarkProducer producer = producer(4, RedisTesting.randomTopic());
        producer.sendAsync(Optional.empty(), payload(0, 100)).get(5, TimeUnit.SECONDS);
        redis.clientPause(1_000, ClientPauseMode.WRITE);
        List<CompletableFuture<Void>> inWindow = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            inWindow.add(producer.sendAsync(Optional.empty(), payload(i, 100)));
        }
        long start = System.nanoTime();
        CompletableFuture<Void> fifth = producer.sendAsync(Optional.empty(), payload(5, 100));
        long blockedMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(blockedMillis >= 600, "the fifth send waited for a free slot: " + blockedMillis + " ms");
        assertTrue(inWindow.get(0).isDone(), "a slot frees when the oldest reply arrives");
        fifth.get(5, TimeUnit.SECONDS);
    }

    @Test
    void manySendsInFlightCompleteInOrderAndLandInOrder() throws Exception {
        String topic = RedisTesting.randomTopic();
        BenchmarkProducer producer = producer(256, topic);
        int messages = 30_000;
        AtomicInteger completedSoFar = new AtomicInteger();
        AtomicInteger outOfOrder = new AtomicInteger();
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            int number = i;
            sends.add(producer.sendAsync(Optional.empty(), payload(i, 100)).whenComplete((ok, error) -> {
                if (completedSoFar.getAndIncrement() != number) {
                    outOfOrder.incrementAndGet();
                }
            }));
        }
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
        assertEquals(0, outOfOrder.get(), "replies come in command order, so futures complete in send order");
        assertEquals(messages, redis.xlen(topic + ":0"));
        List<StreamEntry> entries = redis.xrange(topic + ":0", "-", "+", messages);
        List<Object> raw = redis.xrange((topic + ":0").getBytes(), "-".getBytes(), "+".getBytes(), messages);
        for (int i = 0; i < messages; i++) {
            List<?> fields = (List<?>) ((List<?>) raw.get(i)).get(1);
            assertArrayEquals(payload(i, 100), (byte[]) fields.get(1), "entry " + i + " holds message " + i + ", unchanged");
        }
        assertEquals(Set.of("p", "t"), entries.get(0).getFields().keySet(), "payload and producer time fields");
        long firstTime = Long.parseLong(entries.get(0).getFields().get("t"));
        long lastTime = Long.parseLong(entries.get(messages - 1).getFields().get("t"));
        assertTrue(firstTime <= lastTime && lastTime - firstTime < 30_000, firstTime + " .. " + lastTime);
    }

    @Test
    void anErrorReplyFailsOnlyItsOwnSend() throws Exception {
        String topic = RedisTesting.randomTopic();
        BenchmarkProducer producer = producer(16, topic);
        redis.set(topic + ":0", "not a stream");
        ExecutionException error = assertThrows(ExecutionException.class,
                () -> producer.sendAsync(Optional.empty(), payload(0, 100)).get(5, TimeUnit.SECONDS));
        assertTrue(error.getCause().getMessage().startsWith("WRONGTYPE"), error.getCause().getMessage());
        redis.del(topic + ":0");
        producer.sendAsync(Optional.empty(), payload(1, 100)).get(5, TimeUnit.SECONDS);
        assertEquals(1, redis.xlen(topic + ":0"), "the connection still works after an error reply");
    }

    @Test
    void aProducerWhoseConnectionIsKilledFailsTheSendsInFlightAndReconnects() throws Exception {
        String topic = RedisTesting.randomTopic();
        BenchmarkProducer producer = producer(16, topic);
        producer.sendAsync(Optional.empty(), payload(0, 100)).get(5, TimeUnit.SECONDS);
        List<String> ids = connectionsListedWith(" cmd=xadd ");
        assertEquals(1, ids.size(), "the producer's one connection");

        // Held by the pause, these three are in flight when the connection dies.
        redis.clientPause(2_000, ClientPauseMode.WRITE);
        List<CompletableFuture<Void>> inFlight = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            inFlight.add(producer.sendAsync(Optional.empty(), payload(i, 100)));
        }
        assertEquals(1, redis.clientKill(new ClientKillParams().id(ids.get(0))));
        for (CompletableFuture<Void> send : inFlight) {
            assertThrows(ExecutionException.class, () -> send.get(5, TimeUnit.SECONDS),
                    "a send on the killed connection fails instead of vanishing");
        }
        redis.clientUnpause();

        int succeeded = 1;
        int failed = 0;
        long deadline = System.currentTimeMillis() + 10_000;
        int number = 4;
        while (succeeded < 50 && System.currentTimeMillis() < deadline) {
            try {
                producer.sendAsync(Optional.empty(), payload(number++, 100)).get(5, TimeUnit.SECONDS);
                succeeded++;
            } catch (ExecutionException e) {
                failed++;
                Thread.sleep(20);
            }
        }
        assertEquals(50, succeeded, "sends work again after the reconnect (" + failed + " failed)");
        assertEquals(succeeded, redis.xlen(topic + ":0"), "every send that succeeded, and only those, is in the stream");
    }

    @Test
    void aConnectionTheServerClosesWhileIdleIsKnownBrokenBeforeTheNextSend() throws Exception {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        try (RedisEndpoint endpoint = RedisEndpoint.open(settings, "pipeline-it");
             PipelinedConnection connection = new PipelinedConnection(endpoint.connectionFor("k"), 16, "pipeline-it")) {
            String name = "mqbench-idle-" + System.nanoTime();
            Object reply = connection.submit(new CommandArguments(Protocol.Command.CLIENT).add("SETNAME").add(name))
                    .get(5, TimeUnit.SECONDS);
            assertEquals("OK", new String((byte[]) reply));
            assertEquals(1, killConnectionsNamed(name));
            RedisTesting.await("the reader saw the server close the idle connection", 2_000,
                    () -> connection.failure() != null);
            assertThrows(ExecutionException.class, () -> connection.submit(new CommandArguments(Protocol.Command.PING))
                    .get(5, TimeUnit.SECONDS), "a send on it fails at once");
        }
    }

    @Test
    void aReplyOverdueBySocketTimeoutFailsTheSendWithoutAnotherSend() throws Exception {
        RedisSettings settings = RedisTesting.settings(RedisSettings.Mode.STREAMS);
        settings.socketTimeoutMs = 300;
        driver = RedisTesting.driver(settings);
        String topic = RedisTesting.newTopic(driver, 1);
        BenchmarkProducer producer = driver.createProducer(topic).get();
        producer.sendAsync(Optional.empty(), payload(0, 100)).get(5, TimeUnit.SECONDS);

        redis.clientPause(3_000, ClientPauseMode.WRITE);
        long start = System.nanoTime();
        ExecutionException error = assertThrows(ExecutionException.class,
                () -> producer.sendAsync(Optional.empty(), payload(1, 100)).get(5, TimeUnit.SECONDS));
        long failedAfterMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(failedAfterMillis >= 250 && failedAfterMillis < 2_000,
                "failed once the reply was 300 ms overdue, long before the pause ended: " + failedAfterMillis + " ms");
        assertTrue(error.getCause() instanceof JedisConnectionException, error.getCause().toString());
        redis.clientUnpause();
        RedisTesting.await("a send works again on a new connection", 5_000, () -> {
            try {
                producer.sendAsync(Optional.empty(), payload(2, 100)).get(5, TimeUnit.SECONDS);
                return true;
            } catch (Exception e) {
                return false;
            }
        });
    }

    /** CLIENT KILL for the connection named {@code name}; returns how many. */
    private long killConnectionsNamed(String name) {
        long killed = 0;
        for (String id : connectionsListedWith(" name=" + name + " ")) {
            killed += redis.clientKill(new ClientKillParams().id(id));
        }
        return killed;
    }

    /** The ids of the connections whose CLIENT LIST line holds {@code field}. */
    private List<String> connectionsListedWith(String field) {
        List<String> ids = new ArrayList<>();
        for (String line : redis.clientList().split("\n")) {
            if (line.contains(field)) {
                ids.add(line.split(" ")[0].substring("id=".length()));
            }
        }
        return ids;
    }
}
