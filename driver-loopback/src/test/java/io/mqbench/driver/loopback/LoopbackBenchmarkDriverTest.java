package io.mqbench.driver.loopback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.api.StampedPayload;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoopbackBenchmarkDriverTest {
    private final LoopbackBenchmarkDriver driver = new LoopbackBenchmarkDriver();

    @TempDir
    Path dir;

    @AfterEach
    void close() throws Exception {
        driver.close();
    }

    /** Records what one consumer received: payloads as ints, and receive times. */
    static final class Recorder implements ConsumerCallback {
        final List<Integer> values = Collections.synchronizedList(new ArrayList<>());
        final List<Long> receivedNanos = Collections.synchronizedList(new ArrayList<>());
        final List<Long> publishTimestamps = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void messageReceived(byte[] payload, long publishTimestamp) {
            receivedNanos.add(System.nanoTime());
            publishTimestamps.add(publishTimestamp);
            values.add(ByteBuffer.wrap(payload).getInt());
        }

        @Override
        public void messageReceived(ByteBuffer payload, long publishTimestamp) {
            throw new AssertionError("the loopback driver delivers arrays");
        }
    }

    @Test
    void everySubscriptionGetsEveryMessageAndConsumersSplitPartitions() throws Exception {
        start(new LoopbackSettings());
        driver.createTopic("t", 4).get();
        Recorder a1 = new Recorder();
        Recorder a2 = new Recorder();
        Recorder b = new Recorder();
        driver.createConsumer("t", "A", a1).get();
        driver.createConsumer("t", "A", a2).get();
        driver.createConsumer("t", "B", b).get();
        BenchmarkProducer producer = driver.createProducer("t").get();
        for (int i = 0; i < 1000; i++) {
            producer.sendAsync(Optional.of("key-" + (i % 40)), payload(i)).get();
        }
        await(() -> a1.values.size() + a2.values.size() == 1000 && b.values.size() == 1000);
        Set<Integer> union = new HashSet<>(a1.values);
        union.addAll(a2.values);
        assertEquals(1000, union.size(), "subscription A got every message once");
        assertEquals(1000, new HashSet<>(b.values).size(), "subscription B got every message");
        assertTrue(!a1.values.isEmpty() && !a2.values.isEmpty(), "both consumers of A got a share");
        Set<Integer> keysOfA1 = new HashSet<>();
        a1.values.forEach(v -> keysOfA1.add(v % 40));
        for (int v : a2.values) {
            assertTrue(!keysOfA1.contains(v % 40), "a key stays on one partition, so on one consumer");
        }
    }

    @Test
    void theHarnesssStampedSendTimeIsThePublishTimestampAndAnyOtherPayloadGetsTheClocks() throws Exception {
        start(new LoopbackSettings());
        Recorder recorder = new Recorder();
        BenchmarkProducer producer = oneTopicConsumedBy(recorder);
        long stampedMicros = 1_234_567_890_123L;
        byte[] stamped = new byte[64];
        StampedPayload.writePrefix(stamped, 0);
        ByteBuffer.wrap(stamped).putLong(StampedPayload.SEND_MICROS_OFFSET, stampedMicros);
        long before = System.currentTimeMillis();
        assertTrue(producer.sendAsync(Optional.empty(), stamped).isDone(), "acknowledged at once");
        producer.sendAsync(Optional.empty(), payload(7)).get();
        long after = System.currentTimeMillis();
        await(() -> recorder.publishTimestamps.size() == 2);
        assertEquals(stampedMicros / 1_000, recorder.publishTimestamps.get(0), "the send time the payload carries");
        long unstamped = recorder.publishTimestamps.get(1);
        assertTrue(unstamped >= before && unstamped <= after, "a payload without a stamp: the time of its send, " + unstamped);
    }

    @Test
    void anUnhinderedStampedSendMakesNoObjectOfItsOwn() throws Exception {
        // The loopback's own ceiling: a send with nothing to time hands the harness's payload over
        // as it is (its stamp carries the publish time). An object made per message (an envelope,
        // 32 bytes) cost the sender and the consumer a tenth of their time at 1.5 M msg/s.
        start(new LoopbackSettings());
        driver.createTopic("t", 1).get();
        AtomicLong received = new AtomicLong();
        driver.createConsumer("t", "s", new ConsumerCallback() {
            @Override
            public void messageReceived(byte[] payload, long publishTimestamp) {
                received.incrementAndGet();
            }

            @Override
            public void messageReceived(ByteBuffer payload, long publishTimestamp) {}
        }).get();
        BenchmarkProducer producer = driver.createProducer("t").get();
        byte[] stamped = new byte[100];
        StampedPayload.writePrefix(stamped, 0);
        Optional<String> noKey = Optional.empty();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int messages = 100_000;
        int rounds = 8;
        double fewest = Double.MAX_VALUE;
        for (int round = 0; round < rounds; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < messages; i++) {
                producer.sendAsync(noKey, stamped);
            }
            fewest = Math.min(fewest, (threads.getCurrentThreadAllocatedBytes() - before) / (double) messages);
        }
        // The best round, once compiled (an envelope per message never goes away: 32 bytes and
        // more in every round); the queue's chunks (4 bytes a slot, reused once read) may remain.
        assertTrue(fewest < 16, "bytes allocated per send in the best round: " + fewest);
        await(() -> received.get() == (long) rounds * messages);
    }

    @Test
    void consumersComingAndGoingWhileMessagesFlowGetEachMessageOnceBetweenThem() throws Exception {
        // A rebalance hands partitions from one consumer to another while both run: each queue
        // has one reader at a time (PartitionQueue.claim), so nothing is read twice or lost.
        start(new LoopbackSettings());
        driver.createTopic("t", 4).get();
        List<Recorder> recorders = Collections.synchronizedList(new ArrayList<>());
        Recorder steady = new Recorder();
        recorders.add(steady);
        driver.createConsumer("t", "s", steady).get();
        BenchmarkProducer producer = driver.createProducer("t").get();
        int messages = 300_000;
        Thread sender = new Thread(() -> {
            for (int i = 0; i < messages; i++) {
                producer.sendAsync(Optional.empty(), payload(i));
            }
        });
        sender.start();
        while (sender.isAlive()) {
            Recorder passing = new Recorder();
            recorders.add(passing);
            BenchmarkConsumer consumer = driver.createConsumer("t", "s", passing).get();
            Thread.sleep(2);
            consumer.close();
        }
        sender.join();
        await(() -> recorders.stream().mapToInt(r -> r.values.size()).sum() >= messages);
        awaitQuiet(steady);
        Set<Integer> seen = new HashSet<>();
        int received = 0;
        for (Recorder recorder : recorders) {
            seen.addAll(recorder.values);
            received += recorder.values.size();
        }
        assertEquals(messages, received, "each message delivered once (" + (recorders.size() - 1) + " consumers came and went)");
        assertEquals(messages, seen.size(), "and every one of them");
    }

    @Test
    void afterADenseBurstTheConsumerParksAgainAndStillWakesForTheNextMessage() throws Exception {
        start(new LoopbackSettings());
        Recorder recorder = new Recorder();
        BenchmarkProducer producer = oneTopicConsumedBy(recorder);
        int burst = 200_000;
        for (int i = 0; i < burst; i++) {
            producer.sendAsync(Optional.empty(), payload(i));
        }
        await(() -> recorder.values.size() == burst);
        Thread consumer = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("loopback-t-")).findFirst().orElseThrow();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Thread.sleep(100);
        long cpuBefore = threads.getThreadCpuTime(consumer.getId());
        Thread.sleep(500);
        long idleCpu = threads.getThreadCpuTime(consumer.getId()) - cpuBefore;
        // Gathering spins; with nothing coming it must give way to parking, not spin on.
        assertTrue(idleCpu < TimeUnit.MILLISECONDS.toNanos(50), "an idle consumer used " + idleCpu / 1_000_000 + " ms of CPU in 500 ms");
        long sent = System.nanoTime();
        producer.sendAsync(Optional.empty(), payload(burst)).get();
        await(() -> recorder.values.size() == burst + 1);
        long delay = recorder.receivedNanos.get(burst) - sent;
        assertTrue(delay < TimeUnit.MILLISECONDS.toNanos(5), "a message after the silence waited " + delay / 1_000 + " µs");
        for (int i = 0; i <= burst; i++) {
            assertEquals(i, recorder.values.get(i), "one partition keeps order");
        }
    }

    @Test
    void aFixedDeliveryDelayIsKept() throws Exception {
        LoopbackSettings settings = new LoopbackSettings();
        settings.deliveryLatency = LatencyModel.fixed(20);
        start(settings);
        Recorder recorder = new Recorder();
        BenchmarkProducer producer = oneTopicConsumedBy(recorder);
        List<Long> sent = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            sent.add(System.nanoTime());
            producer.sendAsync(Optional.empty(), payload(i)).get();
            Thread.sleep(2);
        }
        await(() -> recorder.values.size() == 50);
        List<Long> delays = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            assertEquals(i, recorder.values.get(i), "one partition keeps order");
            delays.add(recorder.receivedNanos.get(i) - sent.get(i));
        }
        Collections.sort(delays);
        assertTrue(delays.get(0) >= TimeUnit.MILLISECONDS.toNanos(20), "never early: " + delays.get(0));
        assertTrue(delays.get(25) < TimeUnit.MILLISECONDS.toNanos(23), "median close to 20 ms: " + delays.get(25));
    }

    @Test
    void lossAndDuplicationHappenAtTheConfiguredRates() throws Exception {
        LoopbackSettings settings = new LoopbackSettings();
        settings.lossRate = 0.1;
        settings.duplicateRate = 0.1;
        start(settings);
        Recorder recorder = new Recorder();
        BenchmarkProducer producer = oneTopicConsumedBy(recorder);
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            producer.sendAsync(Optional.empty(), payload(i)).get();
        }
        awaitQuiet(recorder);
        long distinct = new HashSet<>(recorder.values).size();
        long duplicates = recorder.values.size() - distinct;
        // Binomial: 18 000 kept (sd 42), 1 800 duplicated (sd 40); allow 7 sd.
        assertTrue(Math.abs(distinct - 18_000) < 300, "kept " + distinct);
        assertTrue(Math.abs(duplicates - 1_800) < 300, "duplicated " + duplicates);
    }

    @Test
    void randomDelaysReorderOnlyWhenAllowed() throws Exception {
        assertTrue(outOfOrder(false) > 0, "reordering allowed: some overtake");
        driver.close();
        assertEquals(0, outOfOrder(true), "order kept");
    }

    private int outOfOrder(boolean keepOrder) throws Exception {
        LoopbackSettings settings = new LoopbackSettings();
        settings.deliveryLatency = new LatencyModel();
        settings.deliveryLatency.distribution = LatencyModel.Distribution.UNIFORM;
        settings.deliveryLatency.minMs = 0;
        settings.deliveryLatency.maxMs = 10;
        settings.keepOrder = keepOrder;
        LoopbackBenchmarkDriver fresh = new LoopbackBenchmarkDriver();
        fresh.initialize(settings);
        try {
            fresh.createTopic("t", 1).get();
            Recorder recorder = new Recorder();
            fresh.createConsumer("t", "s", recorder).get();
            BenchmarkProducer producer = fresh.createProducer("t").get();
            for (int i = 0; i < 2000; i++) {
                producer.sendAsync(Optional.empty(), payload(i)).get();
            }
            await(() -> recorder.values.size() == 2000);
            int inversions = 0;
            for (int i = 1; i < recorder.values.size(); i++) {
                inversions += recorder.values.get(i) < recorder.values.get(i - 1) ? 1 : 0;
            }
            return inversions;
        } finally {
            fresh.close();
        }
    }

    @Test
    void pausedConsumersReceiveNothingUntilResumed() throws Exception {
        start(new LoopbackSettings());
        driver.createTopic("t", 2).get();
        Recorder recorder = new Recorder();
        BenchmarkConsumer consumer = driver.createConsumer("t", "s", recorder).get();
        ((LoopbackConsumer) consumer).pause();
        BenchmarkProducer producer = driver.createProducer("t").get();
        for (int i = 0; i < 100; i++) {
            producer.sendAsync(Optional.empty(), payload(i)).get();
        }
        Thread.sleep(200);
        assertEquals(0, recorder.values.size());
        ((LoopbackConsumer) consumer).resume();
        await(() -> recorder.values.size() == 100);
    }

    @Test
    void sendErrorsAndAcknowledgementDelaysAreInjected() throws Exception {
        LoopbackSettings settings = new LoopbackSettings();
        settings.sendErrorRate = 1.0;
        start(settings);
        driver.createTopic("t", 1).get();
        CompletableFuture<Void> failed = driver.createProducer("t").get().sendAsync(Optional.empty(), payload(1));
        assertThrows(ExecutionException.class, failed::get);
        driver.close();

        LoopbackSettings slowAcks = new LoopbackSettings();
        slowAcks.ackLatency = LatencyModel.fixed(30);
        LoopbackBenchmarkDriver slow = new LoopbackBenchmarkDriver();
        slow.initialize(slowAcks);
        try {
            slow.createTopic("t", 1).get();
            long start = System.nanoTime();
            slow.createProducer("t").get().sendAsync(Optional.empty(), payload(1)).get();
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(30));
        } finally {
            slow.close();
        }
    }

    @Test
    void aPartitionWithACapacityQueuesSendsAndAcknowledgesAndDeliversAtThatRate() throws Exception {
        LoopbackSettings settings = new LoopbackSettings();
        settings.capacity = ServiceRate.of(2000.0, null);
        start(settings);
        Recorder recorder = new Recorder();
        BenchmarkProducer producer = oneTopicConsumedBy(recorder);
        long start = System.nanoTime();
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            sends.add(producer.sendAsync(Optional.empty(), payload(i)));
        }
        long queued = System.nanoTime() - start;
        assertTrue(queued < TimeUnit.MILLISECONDS.toNanos(200), "sends do not block: " + queued);
        assertTrue(!sends.get(999).isDone(), "the last send waits for its turn");
        CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(5, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0.5, seconds, 0.1, "1000 messages at 2000 msg/s are acknowledged over half a second");
        await(() -> recorder.values.size() == 1000);
        double firstToLast = (recorder.receivedNanos.get(999) - recorder.receivedNanos.get(0)) / 1e9;
        assertEquals(0.5, firstToLast, 0.1, "and delivered at the capacity, none dropped");
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, recorder.values.get(i));
        }
    }

    @Test
    void theByteLimitBindsForLargeMessages() throws Exception {
        LoopbackSettings settings = new LoopbackSettings();
        settings.capacity = ServiceRate.of(1_000_000.0, "1MB/s");
        start(settings);
        driver.createTopic("t", 1).get();
        BenchmarkProducer producer = driver.createProducer("t").get();
        long start = System.nanoTime();
        CompletableFuture<Void> last = null;
        for (int i = 0; i < 52; i++) {
            last = producer.sendAsync(Optional.empty(), new byte[10 * 1024]);
        }
        last.get(5, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0.5, seconds, 0.1, "1 MB/s of 10 KB messages is 102.4 msg/s: 52 take half a second");
    }

    @Test
    void aConsumerWithACapacityFallsBehindInsteadOfDropping() throws Exception {
        LoopbackSettings settings = new LoopbackSettings();
        settings.consumerCapacity = ServiceRate.of(1000.0, null);
        start(settings);
        Recorder recorder = new Recorder();
        BenchmarkProducer producer = oneTopicConsumedBy(recorder);
        long start = System.nanoTime();
        for (int i = 0; i < 600; i++) {
            producer.sendAsync(Optional.empty(), payload(i)).get(1, TimeUnit.SECONDS);
        }
        assertTrue(System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(200), "the partition acknowledges at once");
        Thread.sleep(200);
        int early = recorder.values.size();
        assertTrue(early >= 150 && early <= 320, "about 1000 msg/s plus a 5 ms burst after ~0.2 s: " + early);
        await(() -> recorder.values.size() == 600);
        double seconds = (recorder.receivedNanos.get(599) - start) / 1e9;
        assertEquals(0.6, seconds, 0.1, "600 messages at 1000 msg/s");
    }

    @Test
    void capacitiesAreReadStrictlyFromYaml() throws Exception {
        Path good = Files.writeString(dir.resolve("cap.yaml"), """
                name: L
                driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver
                capacity: {messagesPerSecond: 50000, bytesPerSecond: 100MB/s}
                consumerCapacity: {bytesPerSecond: 1048576}
                """);
        driver.initialize(good.toFile(), NullStatsLogger.INSTANCE);
        assertEquals("50,000 msg/s, 100MB/s per partition", driver.metadata().get("capacity"));
        assertEquals("1048576 B/s per consumer", driver.metadata().get("consumerCapacity"));
        assertEquals("unlimited", new LoopbackSettings().capacity.toString());

        assertEquals("capacity.messagesPerSecond is 0.0; allowed: above 0 (at most 1e9)",
                failure("capacity: {messagesPerSecond: 0}\n"));
        assertEquals("consumerCapacity.bytesPerSecond is 'fast'; allowed: a positive rate such as 100MB/s (binary units) or a number of bytes",
                failure("consumerCapacity: {bytesPerSecond: fast}\n"));
        assertTrue(failure("capacity: {mesagesPerSecond: 5}\n").contains("mesagesPerSecond"));
    }

    private String failure(String yaml) throws IOException {
        Path file = Files.writeString(dir.resolve("bad-capacity.yaml"), "name: L\n" + yaml);
        return assertThrows(IOException.class,
                () -> new LoopbackBenchmarkDriver().initialize(file.toFile(), NullStatsLogger.INSTANCE)).getMessage();
    }

    @Test
    void settingsAreReadStrictlyFromYaml() throws Exception {
        Path good = Files.writeString(dir.resolve("ok.yaml"), """
                name: L
                driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver
                deliveryLatency: {distribution: normal, meanMs: 3, stddevMs: 1}
                lossRate: 0.5
                """);
        driver.initialize(good.toFile(), NullStatsLogger.INSTANCE);
        assertEquals("normal, mean 3.0 ms, stddev 1.0 ms", driver.metadata().get("deliveryLatency"));

        Path typo = Files.writeString(dir.resolve("typo.yaml"), "name: L\nlosRate: 0.5\n");
        IOException unknown = assertThrows(IOException.class,
                () -> new LoopbackBenchmarkDriver().initialize(typo.toFile(), NullStatsLogger.INSTANCE));
        assertTrue(unknown.getMessage().contains("losRate"), unknown.getMessage());

        Path bad = Files.writeString(dir.resolve("bad.yaml"), "name: L\nlossRate: 2\n");
        IOException range = assertThrows(IOException.class,
                () -> new LoopbackBenchmarkDriver().initialize(bad.toFile(), NullStatsLogger.INSTANCE));
        assertEquals("lossRate is 2.0; allowed: 0.0 to 1.0", range.getMessage());
    }

    @Test
    void unknownTopicsFail() {
        start(new LoopbackSettings());
        assertThrows(ExecutionException.class, () -> driver.createProducer("missing").get());
        assertThrows(ExecutionException.class, () -> driver.createConsumer("missing", "s", new Recorder()).get());
    }

    /** Topic "t" of one partition, one consumer recording into {@code recorder}, and a producer for it. */
    private BenchmarkProducer oneTopicConsumedBy(Recorder recorder) throws Exception {
        driver.createTopic("t", 1).get();
        driver.createConsumer("t", "s", recorder).get();
        return driver.createProducer("t").get();
    }

    private void start(LoopbackSettings settings) {
        driver.initialize(settings);
    }

    private static byte[] payload(int value) {
        return ByteBuffer.allocate(16).putInt(value).array();
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("condition not reached within 10 s");
            }
            Thread.sleep(5);
        }
    }

    /** Waits until nothing more arrives for 300 ms. */
    private static void awaitQuiet(Recorder recorder) throws InterruptedException {
        int last = -1;
        while (recorder.values.size() != last) {
            last = recorder.values.size();
            Thread.sleep(300);
        }
    }
}
