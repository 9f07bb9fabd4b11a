package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

class MessageCodecTest {
    @Test
    void everyByteSurvivesTheTextBody() {
        Random random = new Random(1);
        for (int size : new int[] {0, 1, 2, 3, 28, 1000, 65_536}) {
            byte[] payload = new byte[size];
            random.nextBytes(payload);
            String body = MessageCodec.encodeBody(payload);
            assertTrue(!body.isEmpty(), "SQS refuses empty bodies");
            assertTrue(body.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "printable ASCII only");
            assertArrayEquals(payload, MessageCodec.decodeBody(body), "size " + size);
        }
    }

    @Test
    void aBodyFromElsewhereIsHandedOverAsItsUtf8Bytes() {
        assertArrayEquals("hello, world".getBytes(StandardCharsets.UTF_8), MessageCodec.decodeBody("hello, world"));
    }

    @Test
    void thePublishTimeTravelsInAnAttribute() {
        Map<String, MessageAttributeValue> attributes = MessageCodec.attributes(1_700_000_000_123L);
        assertEquals("Number", attributes.get(MessageCodec.PUBLISH_MILLIS_ATTRIBUTE).dataType());
        assertEquals(1_700_000_000_123L, MessageCodec.publishMillis(attributes, -1));
        assertEquals(-1, MessageCodec.publishMillis(Map.of(), -1), "missing: the fallback");
        assertEquals(-1, MessageCodec.publishMillis(null, -1));
    }

    @Test
    void theSizeIsCountedAsSqsCountsIt() {
        Map<String, MessageAttributeValue> attributes = MessageCodec.attributes(1_700_000_000_123L);
        // body + attribute name (22) + "Number" (6) + 13 digits
        assertEquals(4 + 22 + 6 + 13, MessageCodec.sizeOf("abcd", attributes));
        assertEquals(2 + 3 + 4, MessageCodec.sizeOf("é€😀", Map.of()) , "UTF-8 bytes, not chars");
    }
}
