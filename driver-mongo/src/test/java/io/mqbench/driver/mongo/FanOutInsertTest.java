package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.WriteConcernError;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class FanOutInsertTest {

    private static MongoBulkWriteException failure(List<BulkWriteError> errors, WriteConcernError concernError) {
        return new MongoBulkWriteException(BulkWriteResult.unacknowledged(), errors, concernError,
                new ServerAddress(), Set.of());
    }

    @Test
    void anOrderedInsertMissesEverythingFromItsFirstErrorOn() {
        BulkWriteError duplicate = new BulkWriteError(11000, "E11000 duplicate key", new BsonDocument(), 3);
        assertEquals(3, FanOutInsert.firstMissing(failure(List.of(duplicate), null)));
    }

    @Test
    void aWriteConcernErrorMeansNoMessageOfTheBatchCounts() {
        WriteConcernError notReplicated = new WriteConcernError(64, "WriteConcernFailed", "waiting for replication timed out",
                new BsonDocument());
        assertEquals(0, FanOutInsert.firstMissing(failure(List.of(), notReplicated)));
    }

    @Test
    void aTopicWithoutSubscriptionsFailsEverySendAndSaysWhy() {
        List<PendingSend> batch = List.of(PendingSend.of(Optional.empty(), new byte[1]),
                PendingSend.of(Optional.empty(), new byte[2]));
        Throwable[] failures = FanOutInsert.write(batch, List.of(), "t1");
        assertEquals(2, failures.length);
        for (Throwable failure : failures) {
            assertNotNull(failure);
            assertTrue(failure.getMessage().startsWith("topic t1 has no subscription"), failure.getMessage());
        }
    }
}
