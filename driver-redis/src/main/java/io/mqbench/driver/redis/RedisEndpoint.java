package io.mqbench.driver.redis;

import java.time.Duration;
import java.util.List;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Where the driver's connections come from: one Redis server, or a Redis Cluster. Producers and
 * consumers each hold a connection of their own for their whole life (a pipeline or a blocking read
 * cannot share one); short control commands go through {@link #commands()}.
 */
interface RedisEndpoint extends AutoCloseable {

    /** {@code clientName} shows in CLIENT LIST, so an operator can tell whose connections these are. */
    static RedisEndpoint open(RedisSettings settings, String clientName) {
        JedisClientConfig client = clientConfig(settings, clientName);
        GenericObjectPoolConfig<Connection> pool = poolConfig(settings);
        return settings.cluster
                ? new ClusterEndpoint(settings, client, pool)
                : new StandaloneEndpoint(settings, client, pool);
    }

    /** Control commands (create groups, delete keys), routed by key in a cluster. */
    UnifiedJedis commands();

    /**
     * A connection to the node that serves {@code key}, owned by the caller until it calls {@link
     * #discard(Connection)}.
     */
    Connection connectionFor(String key);

    /** A connection to some node, for a command that names no key; return it with {@code close()}. */
    Connection anyConnection();

    /** Which node serves {@code key}: keys with the same answer can share one connection. */
    String nodeOf(String key);

    /**
     * Splits the keys into groups that one multi-key command may name together: all of them on one
     * server, one per group in a cluster (where keys of different hash slots cannot be mixed).
     */
    List<List<String>> keysThatCanBeReadTogether(List<String> keys);

    /** For the result file: standalone or cluster, and how many nodes. */
    String topology();

    @Override
    void close();

    /**
     * Gives up a connection a producer or consumer held. It is closed rather than returned to the pool,
     * because replies to pipelined or blocking commands may still be on their way on it.
     */
    static void discard(Connection connection) {
        if (connection == null) {
            return;
        }
        connection.setBroken();
        try {
            connection.close();
        } catch (RuntimeException e) {
            // The socket is already gone; nothing else to release.
        }
    }

    /** Turns the pool's "Could not get a resource" into what the user can change. */
    static JedisException explainPoolFailure(JedisException e, RedisSettings settings) {
        if (e.getMessage() != null && e.getMessage().contains("Could not get a resource from the pool")) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return new JedisException("no Redis connection available from the pool within " + settings.poolMaxWaitMs
                    + " ms (" + cause.getMessage() + "): poolMaxTotal (jedisPoolMaxTotal) is " + settings.poolMaxTotal
                    + ", and every producer and every consumer holds one connection"
                    + (settings.cluster ? " per node" : "") + " for its lifetime; raise poolMaxTotal", e);
        }
        return e;
    }

    private static JedisClientConfig clientConfig(RedisSettings settings, String clientName) {
        DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(settings.connectTimeoutMs)
                .socketTimeoutMillis(settings.socketTimeoutMs)
                .ssl(settings.tls)
                .database(settings.database)
                .clientName(clientName);
        if (settings.user != null && !settings.user.isEmpty()) {
            builder.user(settings.user);
        }
        if (settings.hasPassword()) {
            builder.password(settings.password);
        }
        return builder.build();
    }

    private static GenericObjectPoolConfig<Connection> poolConfig(RedisSettings settings) {
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(settings.poolMaxTotal);
        pool.setMaxIdle(settings.poolMaxIdle);
        pool.setBlockWhenExhausted(true);
        pool.setMaxWait(Duration.ofMillis(settings.poolMaxWaitMs));
        // A connection taken from the pool must work: producers and consumers keep it for the whole run.
        pool.setTestOnBorrow(true);
        // No JMX registration: several drivers in one JVM (tests, sweeps) would collide on the name.
        pool.setJmxEnabled(false);
        return pool;
    }
}
