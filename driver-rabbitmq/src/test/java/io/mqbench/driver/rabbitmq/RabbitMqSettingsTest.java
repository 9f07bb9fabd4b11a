package io.mqbench.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.rabbitmq.RabbitMqSettings.ExchangeType;
import io.mqbench.driver.rabbitmq.RabbitMqSettings.QueueType;
import io.mqbench.driver.rabbitmq.RabbitMqSettings.StreamOffset;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RabbitMqSettingsTest {
    private static final String HEAD = "name: RabbitMQ\ndriverClass: io.mqbench.driver.rabbitmq.RabbitMqBenchmarkDriver\n";

    @TempDir
    Path dir;

    @Test
    void upstreamOmbFilesLoadWithTheirMeaning() throws IOException {
        RabbitMqSettings plain = read(HEAD + "amqpUris:\n  - amqp://localhost\nmessagePersistence: false\n");
        assertEquals(List.of("amqp://localhost"), plain.amqpUris);
        assertFalse(plain.messagePersistence);
        assertEquals(QueueType.CLASSIC, plain.queueKind());

        RabbitMqSettings quorum = read(HEAD + "amqpUris:\n  - amqp://admin:admin@10.0.0.1:5672\n"
                + "messagePersistence: false\nqueueType: QUORUM\nproducerCreationDelay: 50\n"
                + "producerCreationBatchSize: 2\nconsumerCreationDelay: 60\nconsumerCreationBatchSize: 3\n");
        assertEquals(QueueType.QUORUM, quorum.queueKind());
        assertEquals(50, quorum.producerCreationDelay);
        assertEquals(2, quorum.producerCreationBatchSize);
        assertEquals(60, quorum.consumerCreationDelay);
        assertEquals(3, quorum.consumerCreationBatchSize);
    }

    @Test
    void defaultsAreSafeAndExplicit() throws IOException {
        RabbitMqSettings settings = read(HEAD);
        assertEquals(ExchangeType.FANOUT, settings.exchangeKind());
        assertTrue(settings.publisherConfirms);
        assertEquals(1000, settings.maxInflightConfirms);
        assertEquals(1000, settings.prefetch);
        assertEquals(1, settings.ackEvery);
        assertFalse(settings.autoAck);
        assertTrue(settings.mandatory);
        assertTrue(settings.queueDurable);
        assertTrue(settings.deleteTopologyOnClose);
    }

    @Test
    void everyDriverFileOfTheModuleLoads() throws IOException {
        List<Path> files = TempFiles.moduleDriverFiles("rabbitmq");
        assertTrue(files.size() >= 6, "the variants: " + files);
        for (Path file : files) {
            RabbitMqSettings settings = RabbitMqSettings.read(file.toFile());
            assertEquals("io.mqbench.driver.rabbitmq.RabbitMqBenchmarkDriver", settings.driverClass, file.toString());
        }
        RabbitMqSettings seed = RabbitMqSettings.read(new File("rabbitmq-amqp091-seed001.yaml"));
        assertEquals(192, seed.maxInflightConfirms);
        assertEquals(200, seed.prefetch);
        assertEquals(200, seed.ackEvery);
        assertTrue(seed.messagePersistence);
        RabbitMqSettings stream = RabbitMqSettings.read(new File("rabbitmq-stream.yaml"));
        assertEquals(StreamOffset.NEXT, stream.streamOffsetKind());
        assertEquals(2_000_000_000, stream.queueArguments.get("x-max-length-bytes"));
    }

    @Test
    void aMisspeltFieldIsNamedWithTheKnownOnes() {
        String message = failure(HEAD + "prefech: 10\n");
        assertTrue(message.startsWith("unknown field 'prefech' (did you mean 'prefetch'?); allowed fields: "), message);
        assertTrue(message.contains("prefetch"), message);
        assertFalse(message.contains("\n"), "one line: " + message);
    }

    @Test
    void badChoicesNameTheFieldAndTheAllowedValues() {
        assertTrue(failure(HEAD + "queueType: mirrored\n")
                .endsWith("queueType is 'mirrored'; allowed: classic, quorum, stream"));
        assertTrue(failure(HEAD + "exchangeType: x-consistent-hash\n")
                .endsWith("exchangeType is 'x-consistent-hash'; allowed: fanout, direct, topic, headers"));
        assertTrue(failure(HEAD + "queueType: stream\nstreamOffset: middle\n")
                .endsWith("streamOffset is 'middle'; allowed: first, next, last"));
        assertEquals("field 'prefetch' has value 'lots'; allowed: a whole number", failure(HEAD + "prefetch: lots\n"));
    }

    @Test
    void combinationsThatCannotWorkAreRefused() {
        assertTrue(failure(HEAD + "prefetch: 100\nackEvery: 200\n")
                .contains("ackEvery (200) is above prefetch (100)"));
        assertTrue(failure(HEAD + "autoAck: true\nackEvery: 5\n").contains("autoAck is true"));
        assertTrue(failure(HEAD + "queueType: stream\nautoAck: true\n").contains("autoAck: true is not possible"));
        assertTrue(failure(HEAD + "queueType: stream\nprefetch: 0\n").contains("prefetch: 0 is not possible"));
        assertTrue(failure(HEAD + "queueType: quorum\nqueueDurable: false\n").contains("always durable"));
        assertTrue(failure(HEAD + "queueType: quorum\nqueueMode: lazy\n").contains("classic queues only"));
        assertTrue(failure(HEAD + "streamOffset: first\n").contains("applies to queueType stream only"));
        assertTrue(failure(HEAD + "routingKey: a.b\n").contains("no effect with exchangeType fanout"));
        assertTrue(failure(HEAD + "prefetch: 70000\n").contains("allowed: 0 (unlimited) to 65535"));
        assertTrue(failure(HEAD + "maxInflightConfirms: -1\n").contains("maxInflightConfirms is -1; allowed: 0 or more"));
    }

    @Test
    void queueArgumentsAreScalarsAndDoNotShadowNamedSettings() throws IOException {
        RabbitMqSettings settings = read(HEAD + "queueArguments:\n  x-max-length: 10000\n  x-overflow: reject-publish\n");
        assertEquals(Map.of("x-max-length", 10000, "x-overflow", "reject-publish"), settings.queueArguments);
        assertTrue(failure(HEAD + "queueArguments:\n  x-queue-type: quorum\n").contains("set it with queueType"));
        assertTrue(failure(HEAD + "queueArguments:\n  x-max-length: [1, 2]\n")
                .contains("queueArguments.x-max-length is '[1, 2]'; allowed: a string, a whole number or true/false"));
    }

    @Test
    void brokerAddressesMustBeAmqpUrisAndPasswordsNeverShow() {
        String message = failure(HEAD + "amqpUris:\n  - http://user:secret@host:15672\n");
        assertTrue(message.contains("is not an AMQP URI"), message);
        assertFalse(message.contains("secret"), message);
        assertTrue(failure(HEAD + "amqpUris: []\n").contains("amqpUris is empty"));
        assertEquals("amqp://guest:*****@127.0.0.1:5672/vh", BrokerEndpoint.redact("amqp://guest:guest@127.0.0.1:5672/vh"));
    }

    private RabbitMqSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, yaml);
        return RabbitMqSettings.read(file.toFile());
    }

    private String failure(String yaml) {
        IOException e = assertThrows(IOException.class, () -> read(yaml));
        return e.getMessage();
    }
}
