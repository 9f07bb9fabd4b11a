package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clientApi: core} is the same broker-side mapping as the JMS path: a core consumer and a
 * JMS consumer of one subscription share its queue, and a message sent with either API arrives
 * byte for byte with the other, large messages (above the client's 100 KiB threshold) included.
 */
class CoreClientIT {
    private static final int EACH = 500;
    /** Above Artemis' default minLargeMessageSize (100 KiB): sent and received in chunks. */
    private static final int LARGE = 150_000;

    @TempDir
    Path dir;

    @Test
    void coreAndJmsClientsShareOneSubscription() throws Exception {
        String topic = LocalBroker.topic();
        String subscription = LocalBroker.subscription("mixed");
        Inbox viaCore = new Inbox();
        Inbox viaJms = new Inbox();
        try (ArtemisBenchmarkDriver core = LocalBroker.driver(dir, "clientApi: core\n");
             ArtemisBenchmarkDriver jms = LocalBroker.driver(dir, "clientApi: jms\n");
             BrokerConsole console = new BrokerConsole()) {
            core.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            core.createConsumer(topic, subscription, viaCore).get(30, TimeUnit.SECONDS);
            jms.createConsumer(topic, subscription, viaJms).get(30, TimeUnit.SECONDS);
            assertEquals(core.subscriptionQueue(subscription), jms.subscriptionQueue(subscription));
            assertEquals(2, console.queue(core.subscriptionQueue(subscription)).consumers(),
                    "one queue with both consumers");

            Messages.sendAll(core.createProducer(topic).get(30, TimeUnit.SECONDS), 0, EACH, false);
            Messages.sendAll(jms.createProducer(topic).get(30, TimeUnit.SECONDS), EACH, 2 * EACH, false);
            assertEquals(2 * EACH, Inbox.awaitTotal(2 * EACH, 30_000, viaCore, viaJms), "received, and no more than sent");
            List<byte[]> all = new ArrayList<>(viaCore.payloads());
            all.addAll(viaJms.payloads());
            Messages.assertExactlyOnce(all, 2 * EACH);
            assertTrue(viaCore.count() > 0 && viaJms.count() > 0,
                    "both consumers got messages: " + viaCore.count() + " / " + viaJms.count());
        }
    }

    @Test
    void largeMessagesArriveWholeWithEitherApi() throws Exception {
        String topic = LocalBroker.topic();
        Inbox atCore = new Inbox();
        Inbox atJms = new Inbox();
        try (ArtemisBenchmarkDriver core = LocalBroker.driver(dir, "clientApi: core\n");
             ArtemisBenchmarkDriver jms = LocalBroker.driver(dir, "clientApi: jms\n")) {
            core.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
            core.createConsumer(topic, LocalBroker.subscription("core"), atCore).get(30, TimeUnit.SECONDS);
            jms.createConsumer(topic, LocalBroker.subscription("jms"), atJms).get(30, TimeUnit.SECONDS);
            BenchmarkProducer fromCore = core.createProducer(topic).get(30, TimeUnit.SECONDS);
            BenchmarkProducer fromJms = jms.createProducer(topic).get(30, TimeUnit.SECONDS);
            List<byte[]> sent = List.of(large(1), large(2), large(3), large(4));
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int i = 0; i < sent.size(); i++) {
                sends.add((i % 2 == 0 ? fromCore : fromJms).sendAsync(Optional.empty(), sent.get(i)));
            }
            for (CompletableFuture<Void> send : sends) {
                send.get(30, TimeUnit.SECONDS);
            }
            for (Inbox inbox : List.of(atCore, atJms)) {
                assertEquals(sent.size(), Inbox.awaitTotal(sent.size(), 30_000, inbox), "received, and no more than sent");
                List<byte[]> received = new ArrayList<>(inbox.payloads());
                received.sort((a, b) -> Integer.compare(ByteBuffer.wrap(a).getInt(), ByteBuffer.wrap(b).getInt()));
                for (int i = 0; i < sent.size(); i++) {
                    assertArrayEquals(sent.get(i), received.get(i), "message " + (i + 1) + " byte for byte");
                }
            }
        }
    }

    private static byte[] large(int id) {
        byte[] payload = new byte[LARGE];
        ByteBuffer.wrap(payload).putInt(id);
        for (int i = 4; i < LARGE; i++) {
            payload[i] = (byte) (id * 131 + i * 7);
        }
        return payload;
    }
}
