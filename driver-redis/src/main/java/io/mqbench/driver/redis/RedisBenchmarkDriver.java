package io.mqbench.driver.redis;

import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.ErrorText;
import io.mqbench.driver.support.InstanceId;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.stats.StatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Redis as a message broker, in one of two modes. {@code streams}: a topic is one stream per
 * partition, a subscription is a consumer group, consumers read with XREADGROUP and acknowledge with
 * XACK (at least once). {@code pubsub}: a topic is one channel per partition, PUBLISH and SUBSCRIBE
 * (at most once). Producers pipeline their commands; see {@link PipelinedConnection}.
 */
public final class RedisBenchmarkDriver implements BenchmarkDriver, DriverMetadata, RedeliveryHorizon, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(RedisBenchmarkDriver.class);

    private final List<AutoCloseable> clients = new ArrayList<>();
    private final AtomicInteger clientCounter = new AtomicInteger();
    private final Map<String, Integer> pubSubSubscriptions = new ConcurrentHashMap<>();
    private final String instance = InstanceId.next();
    private RedisSettings settings;
    private RedisEndpoint endpoint;
    private Topics topics;
    private String brokerVersion;
    private String persistence;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        RedisSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        initialize(RedisSettings.read(configurationFile));
    }

    /** For tests that build settings in code. */
    void initialize(RedisSettings given) throws IOException {
        try {
            given.validate();
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        settings = given;
        try {
            endpoint = RedisEndpoint.open(settings, clientName());
            brokerVersion = serverVersion();
            persistence = persistence();
        } catch (JedisException e) {
            close();
            throw new IOException("cannot use Redis at " + settings.describeEndpoint() + ": " + ErrorText.withCauses(e)
                    + " (is it running? bin/brokers start redis; check host, port, password, tls)", e);
        }
        topics = new Topics(endpoint, settings.mode == RedisSettings.Mode.STREAMS);
    }

    /** The name this driver's connections carry in CLIENT LIST. */
    String clientName() {
        return "mqbench-" + instance;
    }

    @Override
    public String getTopicNamePrefix() {
        return "mqbench-redis";
    }

    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        try {
            topics.create(topic, partitions);
            return CompletableFuture.completedFuture(null);
        } catch (JedisException e) {
            return CompletableFuture.failedFuture(RedisEndpoint.explainPoolFailure(e, settings));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        try {
            MessageFormat format = settings.mode == RedisSettings.Mode.STREAMS
                    ? new StreamEntryFormat(settings.maxLen)
                    : new PubSubFormat();
            RedisProducer producer = RedisProducer.open(endpoint, topic, topics.partitionKeys(topic),
                    settings.pipelineWindow, format, "redis-producer-" + clientCounter.incrementAndGet());
            remember(producer);
            return CompletableFuture.completedFuture(producer);
        } catch (JedisException e) {
            return CompletableFuture.failedFuture(RedisEndpoint.explainPoolFailure(e, settings));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        String name = "mqbench-" + instance + '-' + clientCounter.incrementAndGet();
        try {
            List<String> keys = topics.partitionKeys(topic);
            if (settings.mode == RedisSettings.Mode.STREAMS) {
                StreamConsumer consumer = StreamConsumer.open(endpoint, keys, subscriptionName, name, consumerCallback, settings);
                remember(consumer);
                return CompletableFuture.completedFuture(consumer);
            }
            if (pubSubSubscriptions.merge(topic + '\n' + subscriptionName, 1, Integer::sum) == 2) {
                log.warn("pub/sub cannot share a subscription: every consumer of {} on {} receives every message,"
                        + " so the delivery check counts the extra copies as duplicates", subscriptionName, topic);
            }
            return PubSubConsumer.open(endpoint, keys, consumerCallback, name).thenApply(consumer -> {
                remember(consumer);
                return consumer;
            });
        } catch (JedisException e) {
            return CompletableFuture.failedFuture(RedisEndpoint.explainPoolFailure(e, settings));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Pending stream entries are claimed once idle for claimIdleMs; pub/sub never delivers again. */
    @Override
    public Duration redeliveryHorizon() {
        if (settings.mode != RedisSettings.Mode.STREAMS || settings.claimIdleMs == 0) {
            return Duration.ZERO;
        }
        // Readers look for idle entries twice per idle period: an entry waits at most 1.5 times it.
        return Duration.ofMillis(settings.claimIdleMs * 3 / 2);
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "jedis " + jedisVersion());
        facts.put("brokerVersion", brokerVersion);
        facts.put("redis", endpoint.topology());
        facts.put("endpoint", settings.describeEndpoint());
        facts.put("mode", settings.mode.yamlName());
        facts.put("persistence", persistence);
        boolean streams = settings.mode == RedisSettings.Mode.STREAMS;
        facts.put("delivery", streams
                ? "at least once: consumer groups, XACK after the callback, XAUTOCLAIM after " + settings.claimIdleMs + " ms idle"
                : "at most once: PUBLISH reaches only subscribers listening at that moment");
        facts.put("publishTimestamp", streams
                ? "producer epoch ms in stream field 't' (not the stream id, which is server time)"
                : "producer epoch ms in the first 8 bytes of the message");
        facts.put("pipelineWindow", String.valueOf(settings.pipelineWindow));
        if (streams) {
            facts.put("readBatchSize", String.valueOf(settings.readBatchSize));
            facts.put("blockMs", String.valueOf(settings.blockMs));
            facts.put("maxLen", settings.maxLen == 0 ? "none" : "~" + settings.maxLen);
        }
        facts.put("poolMaxTotal", String.valueOf(settings.poolMaxTotal));
        facts.put("deleteTopicsOnClose", String.valueOf(settings.deleteTopicsOnClose));
        return facts;
    }

    /** Closes producers (waiting for their replies), then consumers, then deletes what it created. */
    @Override
    public void close() {
        List<AutoCloseable> open;
        synchronized (clients) {
            open = new ArrayList<>(clients);
            clients.clear();
        }
        open.sort((a, b) -> Boolean.compare(!(a instanceof RedisProducer), !(b instanceof RedisProducer)));
        for (AutoCloseable client : open) {
            try {
                client.close();
            } catch (Exception e) {
                log.warn("closing {}: {}", client.getClass().getSimpleName(), e.toString());
            }
        }
        if (topics != null && settings.deleteTopicsOnClose) {
            topics.deleteCreated();
        }
        if (endpoint != null) {
            endpoint.close();
            endpoint = null;
        }
    }

    private void remember(AutoCloseable client) {
        synchronized (clients) {
            clients.add(client);
        }
    }

    /** Asks the server itself (INFO server), which also proves that it answers and accepts our credentials. */
    /** What the server keeps on disk, from its configuration: what a restart would lose. */
    private String persistence() {
        Map<String, String> config = new HashMap<>();
        try (Connection connection = endpoint.anyConnection()) {
            for (String key : List.of("appendonly", "appendfsync", "save")) {
                Object reply = connection.executeCommand(new CommandArguments(Protocol.Command.CONFIG).add("GET").add(key));
                List<?> pair = (List<?>) reply; // [name, value]
                if (pair.size() == 2) {
                    config.put(key, new String((byte[]) pair.get(1), StandardCharsets.UTF_8));
                }
            }
        } catch (JedisException e) {
            return "unknown (CONFIG GET refused: " + ErrorText.withCauses(e) + ")";
        }
        boolean aof = "yes".equals(config.get("appendonly"));
        String save = config.getOrDefault("save", "").trim();
        if (!aof && save.isEmpty()) {
            return "none: no AOF and no RDB snapshots, so a restart loses every message";
        }
        String snapshots = save.isEmpty() ? "no RDB snapshots" : "RDB snapshots (save " + save + ")";
        return aof ? "AOF with appendfsync " + config.get("appendfsync") + ", " + snapshots : snapshots + " only, no AOF";
    }

    private String serverVersion() {
        try (Connection connection = endpoint.anyConnection()) {
            Object reply = connection.executeCommand(new CommandArguments(Protocol.Command.INFO).add("server"));
            String info = new String((byte[]) reply, StandardCharsets.UTF_8);
            for (String line : info.split("\r\n")) {
                if (line.startsWith("redis_version:")) {
                    return line.substring("redis_version:".length()).trim();
                }
            }
            return "unknown";
        }
    }

    private static String jedisVersion() {
        try (InputStream in = Connection.class.getClassLoader().getResourceAsStream("redis/clients/jedis/pom.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
