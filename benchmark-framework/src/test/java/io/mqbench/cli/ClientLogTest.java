package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientLogTest {
    @TempDir
    Path dir;

    @Test
    void eachRunGetsASummaryOfWhatWasLoggedSinceTheLastOne() throws Exception {
        Path file = dir.resolve("client.log");
        ClientLog log = new ClientLog(file);
        assertEquals("", summary(log), "no file yet: nothing to say");

        String unreachable = "20:15:29.321 [kafka-producer-network-thread | producer-1] WARN NetworkClient - [Producer clientId=producer-1]"
                + " Connection to node -1 (/127.0.0.1:9092) could not be established. Node may not be available.\n";
        Files.writeString(file, unreachable.repeat(3)
                + "20:15:30.001 [main] ERROR KafkaBenchmarkConsumer - Kafka consumer c-1 stopped: boom\n"
                + "java.lang.IllegalStateException: boom\n\tat somewhere(Here.java:1)\n"
                + unreachable);
        assertEquals(String.format("""
                   the client libraries logged 5 warnings meanwhile (in %s; --verbose shows them as they come):
                         4 x WARN NetworkClient: [Producer clientId=producer-1] Connection to node -1 (/127.0.0.1:9092) could not be established. Node may not be available.
                         1 x ERROR KafkaBenchmarkConsumer: Kafka consumer c-1 stopped: boom
                """, file), summary(log));
        assertEquals("", summary(log), "the same lines are not summarised twice");

        Files.writeString(file, "20:16:00.000 [t] WARN JmsProducer - producer p: reconnected\n", StandardOpenOption.APPEND);
        assertEquals(String.format("""
                   the client libraries logged 1 warning meanwhile (in %s; --verbose shows them as they come):
                         1 x WARN JmsProducer: producer p: reconnected
                """, file), summary(log));
    }

    private static String summary(ClientLog log) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        log.summarize(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
