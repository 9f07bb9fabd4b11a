package io.mqbench.driver.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

/**
 * Topics and their subscriptions in the database. A subscription is its own queue collection plus
 * an entry in the topic's registry, which tells producers (on any worker) where to write.
 */
final class SubscriptionRegistry {
    /** The server's code for "collection already exists": creating twice is fine here. */
    private static final int NAMESPACE_EXISTS = 48;
    private static final String QUEUE_FIELD = "queue";
    /** What claims filter and sort on; see {@link LeaseClaims}. */
    static final Bson CLAIM_INDEX = Indexes.ascending(QueueDocument.VISIBLE_AT, QueueDocument.ID);

    private final MongoDatabase database;

    SubscriptionRegistry(MongoDatabase database) {
        this.database = database;
    }

    /** Creates the topic's registry collection, so the topic exists before it has subscriptions. */
    void createTopic(TopicCollections topic) {
        createCollection(topic.registry());
    }

    /**
     * Creates the subscription's queue and its claim index, then lists it in the registry: a
     * producer that finds the entry always finds the collection. Several consumers (or workers)
     * may do this at once; creating an existing collection or index again changes nothing.
     */
    void register(TopicCollections topic, String subscription) {
        String queue = topic.queue(subscription);
        createCollection(queue);
        database.getCollection(queue).createIndex(CLAIM_INDEX);
        registry(topic).updateOne(Filters.eq("_id", subscription),
                Updates.combine(Updates.setOnInsert(QUEUE_FIELD, queue), Updates.currentDate("createdAt")),
                new UpdateOptions().upsert(true));
    }

    /** The queue collections of the topic's subscriptions, in a stable order. */
    List<String> queues(TopicCollections topic) {
        List<String> queues = new ArrayList<>();
        for (BsonDocument entry : registry(topic).find()) {
            if (entry.isString(QUEUE_FIELD)) {
                queues.add(entry.getString(QUEUE_FIELD).getValue());
            }
        }
        queues.sort(null);
        return queues;
    }

    /** Drops the registry and every queue of the topic, whoever created them. */
    void dropTopic(TopicCollections topic) {
        List<String> owned = new ArrayList<>();
        for (String name : database.listCollectionNames()) {
            if (topic.owns(name)) {
                owned.add(name);
            }
        }
        for (String name : owned) {
            database.getCollection(name).drop();
        }
    }

    private MongoCollection<BsonDocument> registry(TopicCollections topic) {
        return database.getCollection(topic.registry(), BsonDocument.class);
    }

    private void createCollection(String name) {
        try {
            database.createCollection(name);
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != NAMESPACE_EXISTS) {
                throw e;
            }
        }
    }
}
