package io.mqbench.driver.mongo;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.types.ObjectId;

/**
 * Writes a batch of messages into every subscription's queue, one {@code insertMany} per queue, and
 * works out which messages made it: a message counts as sent only when every queue has it under
 * the configured write concern.
 */
final class FanOutInsert {
    // Ordered: after a failure the server stops, so "everything from the first error on" is exactly
    // what is missing, and the messages before it stay in send order.
    private static final InsertManyOptions ORDERED = new InsertManyOptions().ordered(true);

    private FanOutInsert() {}

    /**
     * Inserts the batch into each queue in turn and returns, per message, why it failed (null: it
     * is in every queue). A failure in one queue does not stop the others, so one bad queue does
     * not take the messages away from the rest.
     */
    static Throwable[] write(List<PendingSend> batch, List<MongoCollection<BsonDocument>> queues, String topic) {
        Throwable[] failures = new Throwable[batch.size()];
        if (queues.isEmpty()) {
            Arrays.fill(failures, new IllegalStateException("topic " + topic + " has no subscription: nothing would"
                    + " keep the message (create consumers before producers)"));
            return failures;
        }
        List<BsonDocument> documents = new ArrayList<>(batch.size());
        for (PendingSend send : batch) {
            // One id for all queues: the same message, whichever subscription it is read from.
            documents.add(QueueDocument.newMessage(new ObjectId(), send.payload(), send.publishedAtMillis(), send.key()));
        }
        for (MongoCollection<BsonDocument> queue : queues) {
            try {
                queue.insertMany(documents, ORDERED);
            } catch (MongoBulkWriteException e) {
                markFrom(failures, firstMissing(e), new IOException("insert into " + queue.getNamespace().getCollectionName()
                        + " failed: " + describe(e), e));
            } catch (MongoException e) {
                markFrom(failures, 0, new IOException("insert into " + queue.getNamespace().getCollectionName()
                        + " failed: " + e.getMessage(), e));
            }
        }
        return failures;
    }

    /**
     * The index of the first message that is not (or not durably enough) in the queue. A write
     * concern error means the inserts happened but were not acknowledged at the level asked for:
     * none of them counts as sent.
     */
    static int firstMissing(MongoBulkWriteException e) {
        if (e.getWriteConcernError() != null) {
            return 0;
        }
        int first = Integer.MAX_VALUE;
        for (BulkWriteError error : e.getWriteErrors()) {
            first = Math.min(first, error.getIndex());
        }
        return first == Integer.MAX_VALUE ? 0 : first;
    }

    private static String describe(MongoBulkWriteException e) {
        if (e.getWriteConcernError() != null) {
            return "write concern not satisfied: " + e.getWriteConcernError().getMessage();
        }
        if (!e.getWriteErrors().isEmpty()) {
            BulkWriteError error = e.getWriteErrors().get(0);
            return "error " + error.getCode() + ": " + error.getMessage();
        }
        return e.getMessage();
    }

    private static void markFrom(Throwable[] failures, int from, Throwable error) {
        for (int i = Math.max(0, from); i < failures.length; i++) {
            if (failures[i] == null) {
                failures[i] = error;
            }
        }
    }
}
