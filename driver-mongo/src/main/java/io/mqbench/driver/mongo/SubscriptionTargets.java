package io.mqbench.driver.mongo;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queues a producer writes to: one per subscription of its topic. Read from the topic's
 * registry at most once a second, so a subscription created while producers run gets their
 * messages from then on (like a queue bound to an exchange later), without a read per send.
 * Used by one writer thread only.
 */
final class SubscriptionTargets {
    private static final Logger log = LoggerFactory.getLogger(SubscriptionTargets.class);
    static final long REFRESH_MILLIS = 1_000;

    private final TopicCollections topic;
    private final SubscriptionRegistry registry;
    private final MongoDatabase database;
    private final OccasionalWarning refreshFailed;
    private List<String> names;
    private List<MongoCollection<BsonDocument>> queues = List.of();
    private long refreshedAtMillis;

    SubscriptionTargets(TopicCollections topic, SubscriptionRegistry registry, MongoDatabase database) {
        this.topic = topic;
        this.registry = registry;
        this.database = database;
        this.refreshFailed = new OccasionalWarning(log, "topic " + topic.topic() + ": reading its subscriptions failed,"
                + " writing to the ones known");
    }

    /**
     * The queues to write to now. Throws if the registry was never read (the first read failed):
     * there is nothing to write to yet.
     */
    List<MongoCollection<BsonDocument>> current() {
        long now = System.currentTimeMillis();
        if (names == null || now - refreshedAtMillis >= REFRESH_MILLIS) {
            refresh(now);
        }
        return queues;
    }

    private void refresh(long now) {
        List<String> fresh;
        try {
            fresh = registry.queues(topic);
        } catch (RuntimeException e) {
            if (names == null) {
                throw e;
            }
            // Try again in a second, not before every batch: with the server gone, each attempt
            // waits the client's whole server selection timeout before the insert does the same.
            refreshedAtMillis = now;
            refreshFailed.warn(e);
            return;
        }
        refreshedAtMillis = now;
        if (!fresh.equals(names)) {
            List<MongoCollection<BsonDocument>> collections = new ArrayList<>(fresh.size());
            for (String name : fresh) {
                collections.add(database.getCollection(name, BsonDocument.class));
            }
            if (names != null) {
                log.info("topic {}: now {} subscription(s)", topic.topic(), fresh.size());
            }
            names = fresh;
            queues = List.copyOf(collections);
        }
    }
}
