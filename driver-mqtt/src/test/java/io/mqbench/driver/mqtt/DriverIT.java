package io.mqbench.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.mqbench.testing.Messages;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The driver against real brokers: Mosquitto of bin/brokers, and Artemis' MQTT on its one acceptor. */
class DriverIT {

    @ParameterizedTest
    @ValueSource(strings = {MqttTesting.MOSQUITTO, MqttTesting.ARTEMIS})
    void aSharedSubscriptionSplitsTheMessagesAndEverySubscriptionGetsThemAll(String broker) throws Exception {
        MqttBenchmarkDriver driver = MqttTesting.driver(MqttTesting.settings(broker, 1));
        try {
            String topic = MqttTesting.randomTopic(driver);
            Inbox a1 = new Inbox();
            Inbox a2 = new Inbox();
            Inbox b = new Inbox();
            driver.createConsumer(topic, "sub-a", a1).get();
            driver.createConsumer(topic, "sub-a", a2).get();
            driver.createConsumer(topic, "sub-b", b).get();
            Messages.sendAll(driver.createProducer(topic).get(), 2_000);

            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, a1, a2), broker + ": sub-a's two consumers together");
            assertEquals(2_000, Inbox.awaitTotal(2_000, 30_000, 1_000, b));
            List<byte[]> shared = new ArrayList<>(a1.payloads());
            shared.addAll(a2.payloads());
            Messages.assertExactlyOnce(shared, 2_000);
            Messages.assertExactlyOnce(b.payloads(), 2_000);
            assertTrue(a1.count() > 0 && a2.count() > 0, broker + ": both consumers got a share: " + a1.count() + " / " + a2.count());
        } finally {
            driver.close();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void everyQosDeliversEachMessageOnceInOrderToOneConsumer(int qos) throws Exception {
        MqttBenchmarkDriver driver = MqttTesting.driver(MqttTesting.settings(MqttTesting.MOSQUITTO, qos));
        try {
            String topic = MqttTesting.randomTopic(driver);
            Inbox inbox = new Inbox();
            driver.createConsumer(topic, "sub", inbox).get();
            Messages.sendAll(driver.createProducer(topic).get(), 1_000);
            assertEquals(1_000, Inbox.awaitTotal(1_000, 30_000, 500, inbox));
            Messages.assertExactlyOnce(inbox.payloads(), 1_000);
            assertEquals(Messages.ids(inbox).stream().sorted().toList(), Messages.ids(inbox), "in publish order");
            assertEquals(String.valueOf(qos), driver.metadata().get("qos"));
        } finally {
            driver.close();
        }
    }

    /**
     * Mosquitto 2.0.11 overruns a small receive maximum when a burst queues up, and the client
     * then drops the connection as a protocol error, losing the clean session's queue: with 256
     * this burst lost thousands of messages. The shipped files name 65535.
     */
    @Test
    void aBurstReachesTheConsumerWithTheShippedReceiveMaximum() throws Exception {
        MqttSettings settings = MqttSettings.read(new java.io.File("mqtt-local.yaml"));
        MqttBenchmarkDriver driver = MqttTesting.driver(settings);
        try {
            String topic = MqttTesting.randomTopic(driver);
            Inbox inbox = new Inbox();
            driver.createConsumer(topic, "sub", inbox).get();
            Messages.sendAll(driver.createProducer(topic).get(), 50_000);
            assertEquals(50_000, Inbox.awaitTotal(50_000, 60_000, 500, inbox));
            Messages.assertExactlyOnce(inbox.payloads(), 50_000);
        } finally {
            driver.close();
        }
    }

    @Test
    void theConsumerReportsTheStampsSendTimeOrElseTheProducersProperty() throws Exception {
        MqttBenchmarkDriver driver = MqttTesting.driver(MqttTesting.settings(MqttTesting.MOSQUITTO, 1));
        try {
            String topic = MqttTesting.randomTopic(driver);
            Inbox inbox = new Inbox();
            driver.createConsumer(topic, "sub", inbox).get();
            Messages.assertPublishTimes(driver.createProducer(topic).get(), inbox);
        } finally {
            driver.close();
        }
    }

    @Test
    void theResultNamesTheBrokerVersionWhereTheBrokerPublishesIt() throws Exception {
        MqttBenchmarkDriver mosquitto = MqttTesting.driver(MqttTesting.settings(MqttTesting.MOSQUITTO, 1));
        MqttBenchmarkDriver artemis = MqttTesting.driver(MqttTesting.settings(MqttTesting.ARTEMIS, 1));
        try {
            assertEquals("mosquitto version 2.0.11", mosquitto.metadata().get("brokerVersion"));
            assertEquals("unknown (the broker publishes no $SYS/broker/version)", artemis.metadata().get("brokerVersion"));
            assertEquals("hivemq-mqtt-client 1.3.7", mosquitto.metadata().get("clientLibrary"));
        } finally {
            mosquitto.close();
            artemis.close();
        }
    }

    @Test
    void anAddressWhereNothingListensFailsWithOneLineNamingIt() throws Exception {
        int freePort;
        try (ServerSocket socket = new ServerSocket(0)) {
            freePort = socket.getLocalPort();
        }
        long start = System.nanoTime();
        IOException error = assertThrows(IOException.class,
                () -> MqttTesting.driver(MqttTesting.settings("127.0.0.1:" + freePort, 1)));
        // A refused first connection is final: the client does not retry until the 10-s connect timeout.
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "failed after "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        assertTrue(error.getMessage().startsWith("cannot connect to the MQTT broker at tcp://127.0.0.1:" + freePort + ": "),
                error.getMessage());
        assertTrue(error.getMessage().endsWith("(is it running? bin/brokers start mosquitto; check client.serverUri)"),
                error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }
}
