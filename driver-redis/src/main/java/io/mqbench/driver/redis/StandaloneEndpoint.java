package io.mqbench.driver.redis;

import java.util.List;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.PooledConnectionProvider;

/** One Redis server: every key lives on it, so every connection comes from one pool. */
final class StandaloneEndpoint implements RedisEndpoint {
    private final RedisSettings settings;
    private final String node;
    private final PooledConnectionProvider provider;
    private final UnifiedJedis commands;

    StandaloneEndpoint(RedisSettings settings, JedisClientConfig client, GenericObjectPoolConfig<Connection> pool) {
        this.settings = settings;
        HostAndPort address = new HostAndPort(settings.host, settings.port);
        this.node = address.toString();
        this.provider = new PooledConnectionProvider(address, client, pool);
        this.commands = new UnifiedJedis(provider);
    }

    @Override
    public UnifiedJedis commands() {
        return commands;
    }

    @Override
    public Connection connectionFor(String key) {
        return anyConnection();
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
        return node;
    }

    @Override
    public List<List<String>> keysThatCanBeReadTogether(List<String> keys) {
        return List.of(List.copyOf(keys));
    }

    @Override
    public String topology() {
        return "standalone " + node;
    }

    @Override
    public void close() {
        commands.close();
        provider.close();
    }
}
