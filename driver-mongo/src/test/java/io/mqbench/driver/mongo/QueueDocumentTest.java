package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class QueueDocumentTest {

    /** Through BSON bytes and back, as the document travels to the server and to a consumer. */
    private static BsonDocument overTheWire(BsonDocument document) {
        RawBsonDocument raw = new RawBsonDocument(document, new BsonDocumentCodec());
        ByteBuffer bytes = raw.getByteBuffer().asNIO();
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        return new RawBsonDocument(copy).decode(new BsonDocumentCodec());
    }

    @Test
    void payloadAndPublishTimeSurviveTheRoundTripExactly() {
        byte[] payload = new byte[1024];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 7);
        }
        BsonDocument sent = QueueDocument.newMessage(new ObjectId(), payload, 1_700_000_000_123L, Optional.empty());
        BsonDocument received = overTheWire(sent);
        assertArrayEquals(payload, QueueDocument.payload(received));
        assertEquals(1_700_000_000_123L, QueueDocument.publishedAtMillis(received));
        assertFalse(received.containsKey(QueueDocument.KEY));
        assertEquals(0, QueueDocument.deliveries(received), "never claimed");
    }

    @Test
    void aNewMessageIsVisibleFromItsPublishTimeAndKeepsItsKey() {
        BsonDocument sent = QueueDocument.newMessage(new ObjectId(), new byte[] {1}, 5, Optional.of("k-1"));
        assertEquals(5, sent.getDateTime(QueueDocument.VISIBLE_AT).getValue());
        assertEquals("k-1", sent.getString(QueueDocument.KEY).getValue());
        assertEquals(3, QueueDocument.deliveries(sent.append(QueueDocument.DELIVERIES, new BsonInt32(3))));
    }
}
