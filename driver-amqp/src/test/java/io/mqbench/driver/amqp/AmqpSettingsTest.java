package io.mqbench.driver.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.jms.JmsSettings;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.policy.JmsDefaultPrefetchPolicy;
import org.apache.qpid.jms.policy.JmsDefaultPresettlePolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AmqpSettingsTest {
    @TempDir
    Path dir;

    private AmqpSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, "name: AMQP\ndriverClass: io.mqbench.driver.amqp.AmqpBenchmarkDriver\n" + yaml);
        return JmsSettings.read(file.toFile(), AmqpSettings.class);
    }

    private String error(String yaml) {
        return assertThrows(IOException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void everyDriverFileOfTheModuleLoadsAndSaysWhatItsNameSays() throws IOException {
        assertEquals(List.of("amqp-local.yaml", "amqp-rabbitmq-seed001-credit200.yaml", "amqp-rabbitmq-seed001-credit5000.yaml",
                "amqp-rabbitmq.yaml", "amqp-seed001-credit200.yaml", "amqp-seed001-credit5000.yaml",
                "amqp-settled.yaml"), TempFiles.moduleDriverFileNames("amqp"));
        AmqpSettings everyday = JmsSettings.read(new File("amqp-local.yaml"), AmqpSettings.class);
        assertTrue(everyday.persistent() && !everyday.settledSends && !everyday.settledDeliveries);
        assertEquals(AmqpSettings.Addressing.JMS, everyday.addressingKind());
        AmqpSettings rabbit = JmsSettings.read(new File("amqp-rabbitmq.yaml"), AmqpSettings.class);
        assertEquals(AmqpSettings.Addressing.RABBITMQ, rabbit.addressingKind());
        assertEquals("amqp://127.0.0.1:5672", rabbit.brokerUrl);
        AmqpSettings settled = JmsSettings.read(new File("amqp-settled.yaml"), AmqpSettings.class);
        assertTrue(settled.settledSends && settled.settledDeliveries && !settled.durableSubscriptions);
        assertEquals(200, JmsSettings.read(new File("amqp-seed001-credit200.yaml"), AmqpSettings.class).prefetch);
        assertEquals(5000, JmsSettings.read(new File("amqp-seed001-credit5000.yaml"), AmqpSettings.class).prefetch);
        AmqpSettings rabbit200 = JmsSettings.read(new File("amqp-rabbitmq-seed001-credit200.yaml"), AmqpSettings.class);
        assertTrue(rabbit200.prefetch == 200 && rabbit200.addressingKind() == AmqpSettings.Addressing.RABBITMQ);
        AmqpSettings rabbit5000 = JmsSettings.read(new File("amqp-rabbitmq-seed001-credit5000.yaml"), AmqpSettings.class);
        assertTrue(rabbit5000.prefetch == 5000 && rabbit5000.addressingKind() == AmqpSettings.Addressing.RABBITMQ);
    }

    @Test
    void defaultsArePersistentUnsettledAsyncOnTheLocalArtemis() throws IOException {
        AmqpSettings settings = read("");
        assertEquals("amqp://127.0.0.1:61616", settings.brokerUrl);
        assertTrue(settings.persistent());
        assertEquals(JmsSettings.SendMode.ASYNC, settings.sendModeKind());
        assertEquals(1000, settings.maxPendingSends);
        assertNull(settings.prefetch, "Qpid JMS's own default (1000) unless set");
        assertFalse(settings.settledSends || settings.settledDeliveries);
    }

    @Test
    void settingsReachTheConnectionFactory() throws IOException {
        JmsConnectionFactory factory = AmqpProvider.connectionFactory(read("""
                sendMode: sync
                prefetch: 200
                settledDeliveries: true
                """));
        assertTrue(factory.isForceSyncSend(), "sync: every send waits for the broker, persistent or not");
        assertEquals(200, ((JmsDefaultPrefetchPolicy) factory.getPrefetchPolicy()).getDurableTopicPrefetch());
        JmsDefaultPresettlePolicy presettle = (JmsDefaultPresettlePolicy) factory.getPresettlePolicy();
        assertTrue(presettle.isPresettleConsumers());
        assertFalse(presettle.isPresettleProducers());
        assertFalse(AmqpProvider.connectionFactory(read("")).isForceSyncSend());
    }

    @Test
    void mistakesAreOneLineNamingTheField() {
        assertTrue(error("brokerURL: amqp://x\n").startsWith("unknown field 'brokerURL' (did you mean 'brokerUrl'?)"),
                error("brokerURL: amqp://x\n"));
        assertEquals("prefetch is -1; allowed: 0 or more", error("prefetch: -1\n"));
        assertTrue(error("sendMode: sync\nsettledSends: true\n").startsWith("settledSends: true with sendMode: sync"));
        assertEquals("addressing is 'rabbit'; allowed: jms, rabbitmq", error("addressing: rabbit\n"));
        assertTrue(error("addressing: rabbitmq\nmessageGroups: true\n").startsWith("messageGroups: true with addressing: rabbitmq"));
        assertTrue(error("ackMode: client\nsettledDeliveries: true\n")
                .startsWith("settledDeliveries: true with ackMode client"));
        assertTrue(error("brokerUrl: amqp://h:5672?jms.password=secret\n").startsWith("brokerUrl carries jms.password"));
        assertTrue(error("brokerUrl: ' '\n").startsWith("brokerUrl is empty"));
    }

    @Test
    void anUnparsableUriIsNamed() throws IOException {
        AmqpSettings settings = read("brokerUrl: 'amqp://[bad'\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AmqpProvider.connectionFactory(settings));
        assertTrue(e.getMessage().startsWith("brokerUrl 'amqp://[bad' is not a Qpid JMS URI"), e.getMessage());
    }
}
