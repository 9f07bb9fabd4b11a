package io.mqbench.driver.redis;

import com.fasterxml.jackson.annotation.JsonAlias;
import io.mqbench.driver.support.DriverSettings;
import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The Redis driver's YAML file. Unknown fields are rejected, so a typo cannot go unnoticed; OMB's own
 * {@code redis.yaml} keys ({@code redisHost}, {@code redisPort}, {@code redisUser}, {@code redisPass},
 * {@code jedisPoolMaxTotal}, {@code jedisPoolMaxIdle}) are accepted as aliases.
 */
public final class RedisSettings {
    public String name;
    public String driverClass;

    /** How topics map to Redis: streams with consumer groups, or pub/sub channels. */
    public Mode mode = Mode.STREAMS;

    @JsonAlias("redisHost")
    public String host = "127.0.0.1";

    @JsonAlias("redisPort")
    public int port = 6379;

    /** ACL user; empty means the default user. */
    @JsonAlias("redisUser")
    public String user;

    /** Never logged or reported; the harness redacts it from result files. */
    @JsonAlias("redisPass")
    public String password;

    /** Logical database ({@code SELECT}); a cluster only has database 0. */
    public int database;

    /** Connect with TLS; the JVM's default trust store decides which servers are trusted. */
    public boolean tls;

    /** Treat {@code host:port} as a seed node of a Redis Cluster (JedisCluster routing). */
    public boolean cluster;

    /** Most connections the driver opens (per node in a cluster); producers and consumers each hold one. */
    @JsonAlias("jedisPoolMaxTotal")
    public int poolMaxTotal = 128;

    /** Connections kept open while idle (only short control commands return connections). */
    @JsonAlias("jedisPoolMaxIdle")
    public int poolMaxIdle = 8;

    /** How long to wait for a free pooled connection before failing with a hint to raise poolMaxTotal. */
    public int poolMaxWaitMs = 10_000;

    public int connectTimeoutMs = 2_000;

    /** How long a reply may take; blocking reads get {@link #blockMs} on top. */
    public int socketTimeoutMs = 5_000;

    /** Commands a producer connection keeps in flight before {@code sendAsync} waits; 1 = no pipelining. */
    public int pipelineWindow = 512;

    /** Streams: entries one XREADGROUP may return per stream (its COUNT). */
    public int readBatchSize = 1_000;

    /** Streams: how long one XREADGROUP waits for new entries (its BLOCK); also bounds close time. */
    public int blockMs = 100;

    /**
     * Streams: acknowledgements wait at most this long and travel with the next XREADGROUP, so a
     * consumer's reply to them costs a wake-up per interval, not per read; 0 = with every read.
     */
    public int ackIntervalMs = 100;

    /** Streams: pending entries idle this long are reclaimed with XAUTOCLAIM by a live consumer; 0 = never. */
    public long claimIdleMs = 30_000;

    /** Streams: approximate MAXLEN given to every XADD; 0 = no trimming. */
    public long maxLen = 1_000_000;

    /** Delete the streams (and topic records) this driver created when it closes; Redis keeps everything in memory. */
    public boolean deleteTopicsOnClose = true;

    /** How a benchmark topic is represented in Redis. */
    public enum Mode {
        STREAMS,
        PUBSUB;

        @com.fasterxml.jackson.annotation.JsonCreator
        static Mode parse(String text) {
            for (Mode mode : values()) {
                if (mode.yamlName().equalsIgnoreCase(text.trim())) {
                    return mode;
                }
            }
            throw new IllegalArgumentException("mode is '" + text + "'; allowed: " + allowed());
        }

        @com.fasterxml.jackson.annotation.JsonValue
        String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }

        static String allowed() {
            return Arrays.stream(values()).map(Mode::yamlName).collect(Collectors.joining(", "));
        }
    }

    /**
     * Reads the file strictly and {@link #validate()}s it; every problem is an IOException naming the
     * field. Messages do not repeat the file name: the harness puts it in front of them.
     */
    static RedisSettings read(File file) throws IOException {
        return DriverSettings.read(file, RedisSettings.class, RedisSettings::validate);
    }

    /** Checks every value; the message names the field and what is allowed. */
    void validate() {
        require(host != null && !host.isBlank(), "host (redisHost) is empty; give the Redis server's host name or address");
        range("port (redisPort)", port, 1, 65_535);
        range("database", database, 0, Integer.MAX_VALUE);
        require(!(cluster && database != 0), "database is " + database + " but cluster is true; a Redis Cluster only has database 0");
        range("poolMaxTotal (jedisPoolMaxTotal)", poolMaxTotal, 1, Integer.MAX_VALUE);
        range("poolMaxIdle (jedisPoolMaxIdle)", poolMaxIdle, 0, poolMaxTotal);
        range("poolMaxWaitMs", poolMaxWaitMs, 1, Integer.MAX_VALUE);
        range("connectTimeoutMs", connectTimeoutMs, 1, Integer.MAX_VALUE);
        range("socketTimeoutMs", socketTimeoutMs, 1, Integer.MAX_VALUE);
        range("pipelineWindow", pipelineWindow, 1, 1_000_000);
        range("readBatchSize", readBatchSize, 1, 1_000_000);
        // BLOCK 0 would wait forever: a consumer could then never notice that it should stop.
        range("blockMs", blockMs, 1, 60_000);
        range("ackIntervalMs", ackIntervalMs, 0, 60_000);
        range("claimIdleMs", claimIdleMs, 0, Long.MAX_VALUE);
        require(claimIdleMs == 0 || ackIntervalMs < claimIdleMs, "ackIntervalMs is " + ackIntervalMs
                + " but claimIdleMs is " + claimIdleMs
                + "; entries waiting for their XACK would be reclaimed as a dead consumer's: make ackIntervalMs smaller");
        range("maxLen", maxLen, 0, Long.MAX_VALUE);
    }

    boolean hasPassword() {
        return password != null && !password.isEmpty();
    }

    /** host:port, TLS and database as a user would recognise them; never the password. */
    String describeEndpoint() {
        return (tls ? "rediss://" : "redis://") + host + ':' + port + (database != 0 ? "/" + database : "")
                + (cluster ? " (cluster seed)" : "");
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            String allowed = max == Integer.MAX_VALUE || max == Long.MAX_VALUE ? min + " or more" : min + " to " + max;
            throw new IllegalArgumentException(field + " is " + value + "; allowed: " + allowed);
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
