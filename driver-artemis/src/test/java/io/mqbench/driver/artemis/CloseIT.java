package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** close() ends every connection and thread the driver started, and says what the broker is. */
class CloseIT {
    private static final Pattern CLIENT_THREAD = Pattern.compile("(?i).*(activemq|artemis|netty|jms-create).*");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "clientApi {0}")
    @ValueSource(strings = {"jms", "core"})
    void closeLeavesNoClientThreadsBehind(String clientApi) throws Exception {
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi + "\n");
        String topic = LocalBroker.topic();
        driver.createTopic(topic, 1).get(30, TimeUnit.SECONDS);
        Inbox inbox = new Inbox();
        driver.createConsumer(topic, LocalBroker.subscription("close"), inbox).get(30, TimeUnit.SECONDS);
        BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
        Messages.sendAll(producer, 100);
        assertEquals(100, Inbox.awaitTotal(100, 30_000, inbox), "received, and no more than sent");
        assertEquals("2.40.0", driver.metadata().get("brokerVersion"));
        assertTrue(driver.metadata().get("brokerJournalType") != null, driver.metadata().toString());
        assertTrue(!clientThreads(before).isEmpty(), "the client runs threads while open");

        driver.close();

        long deadline = System.currentTimeMillis() + 15_000;
        List<String> left = clientThreads(before);
        while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            left = clientThreads(before);
        }
        assertEquals(List.of(), left, "client threads still alive after close");
    }

    private static List<String> clientThreads(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !before.contains(t) && CLIENT_THREAD.matcher(t.getName()).matches())
                .map(Thread::getName)
                .sorted()
                .toList();
    }
}
