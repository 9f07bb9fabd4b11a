package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.driver.jms.JmsSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtemisSettingsTest {
    private static final String HEAD = "name: t\ndriverClass: io.mqbench.driver.artemis.ArtemisBenchmarkDriver\n";

    @TempDir
    Path dir;

    private ArtemisSettings read(String body) throws IOException {
        Path file = dir.resolve("d.yaml");
        Files.writeString(file, HEAD + body);
        return JmsSettings.read(file.toFile(), ArtemisSettings.class);
    }

    private String error(String body) {
        return assertThrows(IOException.class, () -> read(body)).getMessage();
    }

    @Test
    void defaultsArePersistentAsyncAutoDurable() throws IOException {
        ArtemisSettings s = read("");
        assertEquals("tcp://127.0.0.1:61616", s.brokerAddress);
        assertEquals(JmsSettings.DeliveryMode.PERSISTENT, s.deliveryModeKind());
        assertEquals(JmsSettings.SendMode.ASYNC, s.sendModeKind());
        assertEquals(JmsSettings.AckMode.AUTO, s.ackModeKind());
        assertEquals(1000, s.maxPendingSends);
        assertEquals(ArtemisSettings.DEFAULT_ASYNC_CONFIRMATION_WINDOW, s.confirmationWindowSize);
        assertNull(s.producerWindowSize, "Artemis' own default applies");
        assertNull(s.consumerWindowSize, "Artemis' own default applies");
        assertNull(s.transactionBatchSize);
        assertNull(s.clientAckBatchSize);
        assertTrue(s.durableSubscriptions);
        assertTrue(s.deleteTopologyOnClose);
    }

    @Test
    void upstreamOmbFileLoads() throws IOException {
        assertEquals("tcp://localhost:61616", read("brokerAddress: tcp://localhost:61616\n").brokerAddress);
    }

    @Test
    void batchSizesDefaultForTheirModeOnly() throws IOException {
        assertEquals(100, read("ackMode: transacted\n").transactionBatchSize);
        assertEquals(1, read("ackMode: client\n").clientAckBatchSize);
        assertEquals(50, read("ackMode: TRANSACTED\ntransactionBatchSize: 50\n").transactionBatchSize);
    }

    @Test
    void syncModeLeavesTheConfirmationWindowToArtemis() throws IOException {
        ArtemisSettings s = read("sendMode: sync\n");
        assertNull(s.confirmationWindowSize);
        assertNull(s.maxPendingSends);
    }

    @Test
    void badValuesNameTheFieldAndTheAllowedValues() {
        assertEquals("deliveryMode is 'durable'; allowed: persistent, non_persistent", error("deliveryMode: durable\n"));
        assertEquals("sendMode is 'fast'; allowed: sync, async", error("sendMode: fast\n"));
        assertEquals("ackMode is 'none'; allowed: auto, client, dups_ok, transacted", error("ackMode: none\n"));
        assertEquals("clientApi is 'openwire'; allowed: jms, core", error("clientApi: openwire\n"));
        assertTrue(error("ackModes: auto\n").startsWith("unknown field 'ackModes' (did you mean 'ackMode'?); allowed fields: "));
        assertTrue(error("ackModes: auto\n").contains("transactionBatchSize"));
        assertEquals("field 'producerWindowSize' has value 'lots'; allowed: a whole number", error("producerWindowSize: lots\n"));
        assertEquals("transactionBatchSize applies to ackMode transacted only; remove it or set ackMode: transacted",
                error("transactionBatchSize: 10\n"));
        assertEquals("clientAckBatchSize applies to ackMode client only; remove it or set ackMode: client",
                error("ackMode: auto\nclientAckBatchSize: 10\n"));
        assertEquals("transactionBatchSize is 0; allowed: 1 or more",
                error("ackMode: transacted\ntransactionBatchSize: 0\n"));
        assertTrue(error("sendMode: sync\nmaxPendingSends: 10\n").startsWith("maxPendingSends applies to sendMode async"));
        assertEquals("maxPendingSends is -1; allowed: 0 or more", error("maxPendingSends: -1\n"));
        assertTrue(error("confirmationWindowSize: -1\n").startsWith("confirmationWindowSize is -1 but sendMode is async"));
        assertTrue(error("producerWindowSize: 0\n").startsWith("producerWindowSize is 0; allowed: -1"));
        assertTrue(error("consumerWindowSize: -2\n").startsWith("consumerWindowSize is -2; allowed: -1"));
        assertEquals("password is set but user is not; give both or neither", error("password: secret\n"));
        assertTrue(error("brokerAddress: tcp://h:61616?user=a&password=b\n").startsWith("brokerAddress carries a password"));
        assertTrue(error("brokerAddress: ''\n").startsWith("brokerAddress is empty"));
    }

    @Test
    void anUnparsableAddressIsNamed() throws IOException {
        ArtemisSettings s = read("brokerAddress: 'tcp://[broken'\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ArtemisProvider.connectionFactory(s));
        assertTrue(e.getMessage().startsWith("brokerAddress 'tcp://[broken' is not an Artemis URL"), e.getMessage());
    }

    @Test
    void explicitWindowsReachTheConnectionFactory() throws IOException {
        ArtemisSettings s = read("sendMode: sync\nproducerWindowSize: 2048\nconsumerWindowSize: 0\n"
                + "brokerAddress: tcp://127.0.0.1:61616?confirmationWindowSize=4096\n");
        var factory = ArtemisProvider.connectionFactory(s);
        try {
            assertEquals(2048, factory.getProducerWindowSize());
            assertEquals(0, factory.getConsumerWindowSize());
            assertEquals(4096, factory.getConfirmationWindowSize(), "URL parameter kept when the field is unset");
            assertTrue(factory.isBlockOnDurableSend());
            assertTrue(factory.isBlockOnNonDurableSend(), "sync: non-persistent sends wait for the broker too");
        } finally {
            factory.close();
        }
    }

    @Test
    void asyncModeNeverBlocksOnSends() throws IOException {
        var factory = ArtemisProvider.connectionFactory(read("confirmationWindowSize: 65536\n"));
        try {
            assertEquals(65536, factory.getConfirmationWindowSize());
            assertEquals(false, factory.isBlockOnDurableSend());
            assertEquals(false, factory.isBlockOnNonDurableSend());
        } finally {
            factory.close();
        }
    }

    @Test
    void ownThreadPoolIsBoundedAsArtemisGlobalPoolUnlessTheUrlSaysOtherwise() throws IOException {
        var bounded = ArtemisProvider.connectionFactory(read(""));
        var three = ArtemisProvider.connectionFactory(read("brokerAddress: tcp://127.0.0.1:61616?threadPoolMaxSize=3\n"));
        var unbounded = ArtemisProvider.connectionFactory(
                read("brokerAddress: tcp://127.0.0.1:61616?threadPoolMaxSize=-1\n"));
        // An HA list whose first connector has parameters of its own: the factory's come after ')?'.
        var ha = ArtemisProvider.connectionFactory(read(
                "brokerAddress: (tcp://127.0.0.1:61616?tcpNoDelay=true,tcp://127.0.0.1:61617)?threadPoolMaxSize=-1\n"));
        try {
            assertEquals(ActiveMQClient.getGlobalThreadPoolSize(), bounded.getThreadPoolMaxSize(),
                    "an unbounded own pool starts a thread whenever none is idle: dozens, each woken for a few messages");
            assertTrue(bounded.getThreadPoolMaxSize() > 0);
            assertEquals(3, three.getThreadPoolMaxSize());
            assertEquals(-1, unbounded.getThreadPoolMaxSize(), "the URL's value wins, unbounded too");
            assertEquals(-1, ha.getThreadPoolMaxSize(), "found after an HA list of connectors too");
        } finally {
            ha.close();
            bounded.close();
            three.close();
            unbounded.close();
        }
    }
}
