package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** messageGroups: the key becomes JMSXGroupID, so each key goes to one consumer of a subscription, in order. */
class MessageGroupsIT {
    private static final int COUNT = 800;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "clientApi {0}")
    @ValueSource(strings = {"jms", "core"})
    void eachKeyStaysWithOneConsumerInOrder(String clientApi) throws Exception {
        ArtemisBenchmarkDriver driver = LocalBroker.driver(dir, "clientApi: " + clientApi + "\nmessageGroups: true\n");
        try {
            String topic = LocalBroker.topic();
            String subscription = LocalBroker.subscription("groups");
            driver.createTopic(topic, 4).get(30, TimeUnit.SECONDS);
            Inbox first = new Inbox();
            Inbox second = new Inbox();
            driver.createConsumer(topic, subscription, first).get(30, TimeUnit.SECONDS);
            driver.createConsumer(topic, subscription, second).get(30, TimeUnit.SECONDS);
            BenchmarkProducer producer = driver.createProducer(topic).get(30, TimeUnit.SECONDS);
            Messages.sendAll(producer, 0, COUNT, true);
            assertEquals(COUNT, Inbox.awaitTotal(COUNT, 30_000, first, second), "received, and no more than sent");

            Set<String> firstKeys = keysInOrder(Messages.ids(first));
            Set<String> secondKeys = keysInOrder(Messages.ids(second));
            assertTrue(firstKeys.stream().noneMatch(secondKeys::contains),
                    "no key at both consumers: " + firstKeys + " / " + secondKeys);
            assertEquals(Messages.KEYS, firstKeys.size() + secondKeys.size());
            assertTrue(!firstKeys.isEmpty() && !secondKeys.isEmpty(), "the broker spread the groups over both");
        } finally {
            driver.close();
        }
    }

    /** The keys one consumer saw; each key's messages arrived in send order. */
    private static Set<String> keysInOrder(List<Integer> ids) {
        Set<String> keys = new HashSet<>();
        int[] last = new int[Messages.KEYS];
        java.util.Arrays.fill(last, -1);
        for (int id : ids) {
            int group = id % Messages.KEYS;
            assertTrue(id > last[group], "message " + id + " after " + last[group] + " of its key");
            last[group] = id;
            keys.add(Messages.key(id));
        }
        return keys;
    }
}
