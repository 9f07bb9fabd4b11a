package io.mqbench.driver.mongo;

import java.util.Optional;
import org.bson.BsonBinary;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * One message in a subscription's queue collection:
 *
 * <pre>
 * { _id: ObjectId,          // made by the producer: the same id in every subscription's queue
 *   payload: BinData,       // the bytes as sent
 *   publishedAt: Date,      // the producer's clock when it wrote the message
 *   key: "...",             // only when the message has a key
 *   visibleAt: Date,        // claimable once the consumer's clock passes it: publishedAt when new,
 *                           // the end of the lease once claimed
 *   deliveries: int }       // how often it was claimed
 * </pre>
 */
final class QueueDocument {
    static final String ID = "_id";
    static final String PAYLOAD = "payload";
    static final String PUBLISHED_AT = "publishedAt";
    static final String KEY = "key";
    static final String VISIBLE_AT = "visibleAt";
    static final String DELIVERIES = "deliveries";

    private QueueDocument() {}

    /**
     * A new message, ready to be inserted into every subscription's queue. It is visible from its
     * publish time on, so claims in {@code visibleAt} order take the oldest message first and a
     * message whose lease expired queues up again at the time it expired, not behind the whole
     * backlog.
     */
    static BsonDocument newMessage(ObjectId id, byte[] payload, long publishedAtMillis, Optional<String> key) {
        BsonDocument document = new BsonDocument(ID, new BsonObjectId(id))
                .append(PAYLOAD, new BsonBinary(payload))
                .append(PUBLISHED_AT, new BsonDateTime(publishedAtMillis))
                .append(VISIBLE_AT, new BsonDateTime(publishedAtMillis));
        key.ifPresent(k -> document.append(KEY, new BsonString(k)));
        return document;
    }

    static BsonValue id(BsonDocument document) {
        return document.get(ID);
    }

    /** The payload bytes exactly as the producer sent them. */
    static byte[] payload(BsonDocument document) {
        return document.getBinary(PAYLOAD).getData();
    }

    static long publishedAtMillis(BsonDocument document) {
        return document.getDateTime(PUBLISHED_AT).getValue();
    }

    static int deliveries(BsonDocument document) {
        BsonValue value = document.get(DELIVERIES);
        return value == null || !value.isNumber() ? 0 : value.asNumber().intValue();
    }
}
