package io.mqbench.driver.artemis.classic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.jms.JmsSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassicSettingsTest {
    @TempDir
    Path dir;

    private ClassicSettings read(String body) throws IOException {
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "name: c\ndriverClass: x\n" + body);
        return JmsSettings.read(file.toFile(), ClassicSettings.class);
    }

    @Test
    void sharesTheJmsSettingsAndAddsItsOwn() throws IOException {
        ClassicSettings s = read("brokerUrl: failover:(tcp://127.0.0.1:61626)\nprefetch: 10\nackMode: client\n");
        assertEquals("failover:(tcp://127.0.0.1:61626)", s.brokerUrl);
        assertEquals(10, s.prefetch);
        assertEquals(1, s.clientAckBatchSize);
    }

    @Test
    void refusesWhatClassicCannotDo() {
        String error = assertThrows(IOException.class, () -> read("durableSubscriptions: false\n")).getMessage();
        assertTrue(error.startsWith("durableSubscriptions: false is not possible with ActiveMQ Classic"), error);
        String unknown = assertThrows(IOException.class, () -> read("brokerAddress: tcp://x\n")).getMessage();
        assertTrue(unknown.startsWith("unknown field 'brokerAddress'; allowed fields: ") && unknown.contains("brokerUrl"),
                "Artemis' field is not Classic's: " + unknown);
        assertTrue(assertThrows(IOException.class, () -> read("brokerUrl: tcp://x:1?jms.password=p\n")).getMessage()
                .startsWith("brokerUrl carries a password"));
    }

    @Test
    void subscriptionsAreVirtualTopicConsumerQueues() {
        assertEquals("Consumer.sub-000-ab.VirtualTopic.mqbench-0000000-xy",
                ClassicProvider.subscriptionQueue("mqbench-0000000-xy", "sub-000-ab"));
    }
}
