package io.mqbench.driver.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * Benchmark topics in Redis. Partition {@code p} of topic {@code T} is the stream (or channel)
 * {@code T:p}; the partition count is kept in the string key {@code T:partitions}, so a worker that
 * did not create the topic (distributed runs) still finds all its partitions.
 */
final class Topics {
    private static final Logger log = LoggerFactory.getLogger(Topics.class);

    private final RedisEndpoint endpoint;
    private final boolean hasStreams;
    private final Map<String, List<String>> partitionKeys = new ConcurrentHashMap<>();
    private final List<String> created = new ArrayList<>();

    Topics(RedisEndpoint endpoint, boolean hasStreams) {
        this.endpoint = endpoint;
        this.hasStreams = hasStreams;
    }

    static String partitionKey(String topic, int partition) {
        return topic + ':' + partition;
    }

    static String recordKey(String topic) {
        return topic + ":partitions";
    }

    /** Records a new topic; fails if it exists, since mixing two runs' messages would spoil both. */
    void create(String topic, int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be 1 or more, not " + partitions);
        }
        String reply = endpoint.commands().set(recordKey(topic), Integer.toString(partitions), SetParams.setParams().nx());
        if (reply == null) {
            throw new IllegalStateException("topic " + topic + " already exists in Redis (key " + recordKey(topic) + ")");
        }
        synchronized (created) {
            created.add(topic);
        }
        partitionKeys.put(topic, keys(topic, partitions));
    }

    /** The stream or channel names of a topic's partitions, in partition order. */
    List<String> partitionKeys(String topic) {
        return partitionKeys.computeIfAbsent(topic, name -> {
            String count = endpoint.commands().get(recordKey(name));
            if (count == null) {
                throw new IllegalArgumentException("no topic " + name + " in Redis (key " + recordKey(name) + " is missing)");
            }
            return keys(name, Integer.parseInt(count));
        });
    }

    /** Deletes the streams and records of the topics this driver created. */
    void deleteCreated() {
        List<String> topics;
        synchronized (created) {
            topics = new ArrayList<>(created);
            created.clear();
        }
        for (String topic : topics) {
            List<String> keys = new ArrayList<>();
            if (hasStreams) {
                keys.addAll(partitionKeys(topic));
            }
            keys.add(recordKey(topic));
            try {
                // One key per DEL: in a cluster, keys of different hash slots cannot share a command.
                for (String key : keys) {
                    endpoint.commands().del(key);
                }
            } catch (JedisException e) {
                log.warn("could not delete topic {} from Redis: {}", topic, e.toString());
            }
        }
    }

    private static List<String> keys(String topic, int partitions) {
        List<String> keys = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            keys.add(partitionKey(topic, p));
        }
        return List.copyOf(keys);
    }
}
