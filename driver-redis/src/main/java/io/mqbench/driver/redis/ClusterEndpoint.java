package io.mqbench.driver.redis;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A Redis Cluster reached through a seed node. Each key is served by the node that owns its hash
 * slot; JedisCluster keeps one pool per node. Slot ownership is read once per connection: a
 * resharding during a run (MOVED replies) fails the sends that hit it rather than following it.
 */
final class ClusterEndpoint implements RedisEndpoint {
    private static final int MAX_ATTEMPTS = 5;

    private final RedisSettings settings;
    private final ClusterConnectionProvider provider;
    private final JedisCluster commands;

    ClusterEndpoint(RedisSettings settings, JedisClientConfig client, GenericObjectPoolConfig<Connection> pool) {
        this.settings = settings;
        this.provider = new ClusterConnectionProvider(Set.of(new HostAndPort(settings.host, settings.port)), client, pool);
        this.commands = new JedisCluster(provider, MAX_ATTEMPTS,
                Duration.ofMillis((long) settings.socketTimeoutMs * MAX_ATTEMPTS));
    }

    @Override
    public UnifiedJedis commands() {
        return commands;
    }

    @Override
    public Connection connectionFor(String key) {
        try {
            return provider.getConnectionFromSlot(JedisClusterCRC16.getSlot(key));
        } catch (JedisException e) {
            throw RedisEndpoint.explainPoolFailure(e, settings);
        }
    }

    @Override
    public Connection anyConnection() {
        try {
            return provider.getConnection();
        } catch (JedisException e) {
            throw RedisEndpoint.explainPoolFailure(e, settings);
        }
    }

    @Override
    public String nodeOf(String key) {
        HostAndPort node = provider.getNode(JedisClusterCRC16.getSlot(key));
        return node == null ? "unknown" : node.toString();
    }

    @Override
    public List<List<String>> keysThatCanBeReadTogether(List<String> keys) {
        // A multi-key XREADGROUP fails with CROSSSLOT unless every key hashes to one slot.
        return keys.stream().map(List::of).toList();
    }

    @Override
    public String topology() {
        return "cluster of " + provider.getNodes().size() + " nodes (seed " + settings.host + ':' + settings.port + ")";
    }

    @Override
    public void close() {
        commands.close();
        provider.close();
    }
}
