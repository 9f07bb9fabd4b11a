package io.mqbench.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.TempFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedisSettingsTest {
    @TempDir
    Path dir;

    private RedisSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, "name: Redis\ndriverClass: io.mqbench.driver.redis.RedisBenchmarkDriver\n" + yaml);
        return RedisSettings.read(file.toFile());
    }

    private String error(String yaml) {
        return assertThrows(IOException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void everyDriverFileOfTheModuleLoads() throws IOException {
        List<Path> files = TempFiles.moduleDriverFiles("redis");
        assertEquals(List.of("redis-local.yaml", "redis-pubsub.yaml", "redis-streams.yaml", "redis-via-netproxy.yaml"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        for (Path file : files) {
            RedisSettings settings = RedisSettings.read(file.toFile());
            assertEquals(RedisBenchmarkDriver.class.getName(), settings.driverClass, file.toString());
        }
        assertEquals(RedisSettings.Mode.PUBSUB, RedisSettings.read(new java.io.File("redis-pubsub.yaml")).mode);
        assertEquals(RedisSettings.Mode.STREAMS, RedisSettings.read(new java.io.File("redis-streams.yaml")).mode);
    }

    @Test
    void defaultsAreStreamsOnTheLocalServer() throws IOException {
        RedisSettings settings = read("");
        assertEquals(RedisSettings.Mode.STREAMS, settings.mode);
        assertEquals("redis://127.0.0.1:6379", settings.describeEndpoint());
        assertEquals(512, settings.pipelineWindow);
        assertEquals(1_000_000, settings.maxLen);
        assertTrue(settings.deleteTopicsOnClose);
    }

    @Test
    void openMessagingBenchmarksOwnKeysAreAccepted() throws IOException {
        RedisSettings settings = read("""
                redisHost: redis.example
                redisPort: 6380
                redisUser: bench
                redisPass: hunter2
                jedisPoolMaxTotal: 8
                jedisPoolMaxIdle: 8
                """);
        assertEquals("redis.example", settings.host);
        assertEquals(6380, settings.port);
        assertEquals("bench", settings.user);
        assertEquals("hunter2", settings.password);
        assertEquals(8, settings.poolMaxTotal);
        assertEquals(8, settings.poolMaxIdle);
        assertFalse(settings.describeEndpoint().contains("hunter2"));
    }

    @Test
    void modeIsCaseInsensitiveAndAWrongOneNamesTheAllowedValues() throws IOException {
        assertEquals(RedisSettings.Mode.PUBSUB, read("mode: PubSub\n").mode);
        String message = error("mode: kafka\n");
        assertEquals("mode is 'kafka'; allowed: streams, pubsub", message);
    }

    @Test
    void anUnknownFieldIsNamedWithTheAllowedOnes() {
        String message = error("pipelinewindow: 10\n");
        assertTrue(message.startsWith("unknown field 'pipelinewindow' (did you mean 'pipelineWindow'?); allowed fields: "), message);
        assertTrue(message.contains("pipelineWindow"), message);
        assertFalse(message.contains("\n"), message);
    }

    @Test
    void valuesOutOfRangeNameTheFieldAndTheRange() {
        assertTrue(error("pipelineWindow: 0\n").contains("pipelineWindow is 0; allowed: 1 to 1000000"));
        assertTrue(error("blockMs: 0\n").contains("blockMs is 0; allowed: 1 to 60000"));
        assertTrue(error("port: 70000\n").contains("port (redisPort) is 70000; allowed: 1 to 65535"));
        assertTrue(error("maxLen: -1\n").contains("maxLen is -1; allowed: 0 or more"));
        assertTrue(error("jedisPoolMaxIdle: 20\njedisPoolMaxTotal: 10\n")
                .contains("poolMaxIdle (jedisPoolMaxIdle) is 20; allowed: 0 to 10"));
        assertTrue(error("ackIntervalMs: -1\n").contains("ackIntervalMs is -1; allowed: 0 to 60000"));
        assertTrue(error("ackIntervalMs: 30000\n").contains("ackIntervalMs is 30000 but claimIdleMs is 30000;"),
                "acknowledgements held as long as the claim time would make a live consumer look dead");
        assertTrue(error("cluster: true\ndatabase: 2\n").contains("a Redis Cluster only has database 0"));
        assertEquals("field 'port' has value 'six'; allowed: a whole number", error("port: six\n"));
    }
}
