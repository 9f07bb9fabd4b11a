package io.mqbench.driver.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claiming and acknowledging messages of one subscription's queue, mqperf's MongoMq way:
 *
 * <ul>
 *   <li><b>claim</b>: one atomic {@code findOneAndUpdate} takes a message whose {@code visibleAt}
 *       has passed and pushes {@code visibleAt} a lease into the future. The server applies filter
 *       and update to one document atomically, so two consumers never hold the same message while
 *       its lease runs.
 *   <li><b>acknowledge</b>: one {@code deleteMany} by {@code _id} removes the batch once it was
 *       handed over. It deletes a message whoever holds it now: a consumer that finished a message
 *       after its lease expired still removes it (it did process it), so nobody claims it after
 *       that; a consumer that claimed it meanwhile delivers it once more (at-least-once).
 *   <li><b>redelivery</b> needs no extra step: once {@code visibleAt} passes, the filter matches the
 *       message again.
 * </ul>
 *
 * <p>The queue's index {@code {visibleAt: 1, _id: 1}} (made by {@link SubscriptionRegistry})
 * serves both the filter and, with {@code claimOrder: fifo}, the sort: the server starts at the
 * oldest visible message and never looks at the leased ones, whose {@code visibleAt} lies in the
 * future. {@code _id} breaks ties between messages published in the same millisecond, and the
 * acknowledgement needs nothing but the {@code _id} index.
 */
final class LeaseClaims {
    private static final Logger log = LoggerFactory.getLogger(LeaseClaims.class);
    private static final Bson DELIVERED_FIELDS = Projections.include(
            QueueDocument.PAYLOAD, QueueDocument.PUBLISHED_AT, QueueDocument.DELIVERIES);
    /** The server's error code for a command or option it does not implement. */
    private static final int NOT_IMPLEMENTED = 238;
    private static final AtomicBoolean toldWithoutProjection = new AtomicBoolean();

    private final MongoCollection<BsonDocument> queue;
    private final long leaseMillis;
    private final FindOneAndUpdateOptions claimOptions;

    LeaseClaims(MongoCollection<BsonDocument> queue, long leaseMillis, MongoSettings.ClaimOrder order) {
        this.queue = queue;
        this.leaseMillis = leaseMillis;
        FindOneAndUpdateOptions options = new FindOneAndUpdateOptions()
                .returnDocument(ReturnDocument.AFTER)
                .projection(DELIVERED_FIELDS);
        if (order == MongoSettings.ClaimOrder.FIFO) {
            options.sort(Sorts.ascending(QueueDocument.VISIBLE_AT, QueueDocument.ID));
        }
        this.claimOptions = options;
    }

    /**
     * Claims up to {@code max} messages, one {@code findOneAndUpdate} each, and stops at the first
     * that finds nothing. The documents returned carry payload, publish time and delivery count.
     */
    List<BsonDocument> claim(int max) {
        List<BsonDocument> claimed = new ArrayList<>(max);
        for (int i = 0; i < max; i++) {
            BsonDocument message = claimOne();
            if (message == null) {
                break;
            }
            claimed.add(message);
        }
        return claimed;
    }

    private BsonDocument claimOne() {
        long now = System.currentTimeMillis();
        Bson visible = Filters.lte(QueueDocument.VISIBLE_AT, new BsonDateTime(now));
        Bson lease = Updates.combine(
                Updates.set(QueueDocument.VISIBLE_AT, new BsonDateTime(now + leaseMillis)),
                Updates.inc(QueueDocument.DELIVERIES, 1));
        try {
            return queue.findOneAndUpdate(visible, lease, claimOptions);
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != NOT_IMPLEMENTED || claimOptions.getProjection() == null) {
                throw e;
            }
            // FerretDB 1.x has no projection in findAndModify: take whole documents (a few bytes more).
            claimOptions.projection(null);
            if (toldWithoutProjection.compareAndSet(false, true)) {
                log.info("the server does not implement a projection in findAndModify ({}); claims return whole messages",
                        e.getErrorMessage());
            }
            return queue.findOneAndUpdate(visible, lease, claimOptions);
        }
    }

    /**
     * Deletes the messages of {@code claimed}; returns how many it deleted (fewer when another
     * consumer had claimed some of them again after their lease and acknowledged them first).
     */
    long acknowledge(List<BsonDocument> claimed) {
        if (claimed.isEmpty()) {
            return 0;
        }
        List<BsonValue> ids = new ArrayList<>(claimed.size());
        for (BsonDocument message : claimed) {
            ids.add(QueueDocument.id(message));
        }
        return queue.deleteMany(Filters.in(QueueDocument.ID, ids)).getDeletedCount();
    }
}
