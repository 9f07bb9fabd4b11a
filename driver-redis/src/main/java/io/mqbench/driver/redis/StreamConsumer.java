package io.mqbench.driver.redis;

import io.mqbench.driver.api.PausableConsumer;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * A consumer of a subscription in streams mode: the subscription is a consumer group on each of the
 * topic's streams, and this consumer is one named member. Consumers of the same group share the
 * entries (Redis hands each entry to one of them); each group gets every entry. Pausing stops
 * reading, so a backlog builds up in Redis itself.
 */
final class StreamConsumer implements BenchmarkConsumer, PausableConsumer {
    private final List<StreamGroupReader> readers;

    private StreamConsumer(List<StreamGroupReader> readers) {
        this.readers = readers;
    }

    static StreamConsumer open(RedisEndpoint endpoint, List<String> streams, String group, String consumerName,
                               ConsumerCallback callback, RedisSettings settings) {
        for (String stream : streams) {
            createGroup(endpoint, stream, group);
        }
        List<StreamGroupReader> readers = new ArrayList<>();
        try {
            for (List<String> keys : endpoint.keysThatCanBeReadTogether(streams)) {
                readers.add(new StreamGroupReader(() -> endpoint.connectionFor(keys.get(0)), keys, group, consumerName,
                        callback, settings));
            }
        } catch (RuntimeException e) {
            readers.forEach(StreamGroupReader::close);
            throw e;
        }
        readers.forEach(StreamGroupReader::start);
        return new StreamConsumer(readers);
    }

    /**
     * Creates the group at the start of the stream (id 0), so it receives every entry, also those added
     * before it existed. Another consumer of the same subscription may have created it first.
     */
    private static void createGroup(RedisEndpoint endpoint, String stream, String group) {
        try {
            endpoint.commands().xgroupCreate(stream, group, new StreamEntryID(0, 0), true);
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("BUSYGROUP")) {
                throw e;
            }
        }
    }

    @Override
    public void pause() {
        readers.forEach(StreamGroupReader::pause);
    }

    @Override
    public void resume() {
        readers.forEach(StreamGroupReader::resume);
    }

    @Override
    public void close() {
        readers.forEach(StreamGroupReader::close);
    }
}
