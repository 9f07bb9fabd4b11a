package io.mqbench.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.delivery.MessageHeader;
import io.mqbench.delivery.ProducerLedger;
import io.mqbench.driver.api.CopiesPayload;
import io.mqbench.stats.WorkerStats;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class ProducerSlotTest {

    @Test
    void aProducerThatMayKeepThePayloadGetsACopyPerMessage() {
        Recording producer = new Recording();
        byte[] template = new byte[100];
        send(producer, template, 3);
        assertEquals(List.of(0L, 1L, 2L), producer.sequences);
        assertNotSame(producer.arrays.get(0), producer.arrays.get(1));
        assertNotSame(producer.arrays.get(1), producer.arrays.get(2));
        assertArrayEquals(new byte[100], template, "the shared payload is never written into");
    }

    @Test
    void aProducerThatCopiesThePayloadGetsOneArrayPerPayloadWithEachMessagesHeader() {
        Copying producer = new Copying();
        byte[] first = new byte[100];
        byte[] second = new byte[100];
        first[99] = 1;
        second[99] = 2;
        ProducerSlot slot = slot(producer, List.of(first, second));
        for (int i = 0; i < 4; i++) {
            slot.send(System.nanoTime());
        }
        // Each payload's own array, its header written anew for every message sent in it.
        assertEquals(List.of(0L, 1L, 2L, 3L), producer.sequences);
        assertSame(producer.arrays.get(0), producer.arrays.get(2));
        assertSame(producer.arrays.get(1), producer.arrays.get(3));
        assertNotSame(producer.arrays.get(0), producer.arrays.get(1));
        assertEquals(1, producer.arrays.get(0)[99]);
        assertEquals(2, producer.arrays.get(1)[99]);
        assertNotSame(first, producer.arrays.get(0), "its own copy: other producers share the payloads");
        assertEquals(0, first[0]);
    }

    @Test
    void aPayloadTooSmallForTheHeaderGoesAsItIs() {
        Copying producer = new Copying();
        byte[] tiny = new byte[MessageHeader.SIZE - 1];
        send(producer, tiny, 2);
        assertSame(tiny, producer.arrays.get(0));
        assertSame(tiny, producer.arrays.get(1));
    }

    @Test
    void aSendIsInFlightUntilItsAnswerAndOneAnsweredAtOnceNeverIs() {
        LongAdder inFlight = new LongAdder();
        WorkerStats stats = new WorkerStats();
        Answering producer = new Answering();
        ProducerSlot slot = new ProducerSlot(producer, new ProducerLedger(7, "t"), stats, new SendErrors(), inFlight);
        slot.prepare(List.of(new byte[100]), KeyDistributor.of(null), true, 0);
        long before = System.nanoTime();
        slot.send(before);
        slot.send(System.nanoTime());
        assertEquals(2, inFlight.sum(), "two sends waiting for the broker");
        assertTrue(slot.lastSentNanos() - before >= 0 && System.nanoTime() - slot.lastSentNanos() >= 0,
                "the last send's clock reading");
        producer.pending.get(0).complete(null);
        producer.pending.get(1).completeExceptionally(new IllegalStateException("refused"));
        assertEquals(0, inFlight.sum(), "answered, either way");
        producer.answerAtOnce = true;
        slot.send(System.nanoTime());
        assertEquals(0, inFlight.sum());
        assertEquals(2, stats.counters().messagesSent, "the first and the one answered at once");
        assertEquals(1, stats.counters().messageSendErrors);
    }

    private static void send(Recording producer, byte[] payload, int messages) {
        ProducerSlot slot = slot(producer, List.of(payload));
        for (int i = 0; i < messages; i++) {
            slot.send(System.nanoTime());
        }
    }

    private static ProducerSlot slot(BenchmarkProducer producer, List<byte[]> payloads) {
        ProducerSlot slot = new ProducerSlot(producer, new ProducerLedger(7, "t"), new WorkerStats(), new SendErrors(), new LongAdder());
        slot.prepare(payloads, KeyDistributor.of(null), MessageHeader.fits(payloads.get(0).length), 0);
        return slot;
    }

    /** Notes each array it was given and the sequence number its header had then; acknowledged at once. */
    private static class Recording implements BenchmarkProducer {
        final List<byte[]> arrays = new ArrayList<>();
        final List<Long> sequences = new ArrayList<>();

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            arrays.add(payload);
            if (MessageHeader.isStamped(payload)) {
                sequences.add(MessageHeader.sequence(payload));
            }
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {}
    }

    private static final class Copying extends Recording implements CopiesPayload {}

    /** Answers later, when the test completes the future, or at once. */
    private static final class Answering implements BenchmarkProducer {
        final List<CompletableFuture<Void>> pending = new ArrayList<>();
        boolean answerAtOnce;

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            if (answerAtOnce) {
                return CompletableFuture.completedFuture(null);
            }
            CompletableFuture<Void> answer = new CompletableFuture<>();
            pending.add(answer);
            return answer;
        }

        @Override
        public void close() {}
    }
}
