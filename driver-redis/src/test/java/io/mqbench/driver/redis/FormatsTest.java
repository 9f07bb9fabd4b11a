package io.mqbench.driver.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.args.Rawable;

/** The wire formats and partition routing, which do not need a server. */
class FormatsTest {

    @Test
    void xaddCarriesPayloadAndProducerTimeAndTrimsApproximately() {
        byte[] payload = {0, 1, 2, (byte) 255};
        CommandArguments command = new StreamEntryFormat(500).publish("t:0", payload, 1_700_000_000_123L);
        assertEquals(List.of("XADD", "t:0", "MAXLEN", "~", "500", "*", "p", "\0\1\2\uFFFD", "t", "1700000000123"),
                words(command));
        assertEquals(List.of("XADD", "t:0", "*", "p", "x", "t", "5"),
                words(new StreamEntryFormat(0).publish("t:0", "x".getBytes(StandardCharsets.UTF_8), 5)));
    }

    @Test
    void aStreamEntryDecodesToThePayloadAndTheProducersTimeNotTheId() {
        byte[] id = "1700000000999-3".getBytes(StandardCharsets.US_ASCII);
        ReceivedMessage message = StreamEntryFormat.decode(id, List.of(bytes("p"), new byte[] {9, 8}, bytes("t"), bytes("1700000000123")));
        assertArrayEquals(new byte[] {9, 8}, message.payload());
        assertEquals(1_700_000_000_123L, message.publishMillis());
        ReceivedMessage foreign = StreamEntryFormat.decode(id, List.of(bytes("p"), new byte[] {1}));
        assertEquals(1_700_000_000_999L, foreign.publishMillis(), "without field t, the id's server time is all there is");
    }

    @Test
    void thePubSubEnvelopeRoundTrips() {
        byte[] payload = new byte[1024];
        payload[0] = 'M';
        payload[1023] = 7;
        CommandArguments command = new PubSubFormat().publish("t:0", payload, 1_700_000_000_123L);
        byte[] envelope = raw(command).get(2);
        assertEquals(1024 + 8, envelope.length);
        ReceivedMessage message = PubSubFormat.decode(envelope);
        assertArrayEquals(payload, message.payload());
        assertEquals(1_700_000_000_123L, message.publishMillis());
    }

    @Test
    void aKeyAlwaysPicksTheSamePartitionAndNoKeyGoesRoundRobin() {
        PartitionRouter router = new PartitionRouter(4);
        int partition = router.partitionFor(Optional.of("customer-42"));
        for (int i = 0; i < 10; i++) {
            assertEquals(partition, router.partitionFor(Optional.of("customer-42")));
        }
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            seen.add(router.partitionFor(Optional.empty()));
        }
        assertEquals(Set.of(0, 1, 2, 3), seen);
        Set<Integer> keyed = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            keyed.add(router.partitionFor(Optional.of("k" + i)));
        }
        assertEquals(4, keyed.size(), "keys spread over every partition");
        assertNotEquals(-1, new PartitionRouter(1).partitionFor(Optional.of("any")));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static List<byte[]> raw(CommandArguments command) {
        List<byte[]> words = new java.util.ArrayList<>();
        for (Rawable part : command) {
            words.add(part.getRaw());
        }
        return words;
    }

    private static List<String> words(CommandArguments command) {
        return raw(command).stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }
}
