package io.mqbench.driver.mqtt;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.Mqtt5ClientBuilder;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5ConnectBuilder;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import io.mqbench.driver.support.InstanceId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds and connects the driver's MQTT 5 clients: one per producer and per consumer, each with an
 * identifier of its own, reconnecting on their own after a lost connection (with clean start the
 * client subscribes again itself).
 */
final class MqttClients {
    private static final long CONNECT_SECONDS = 10;

    private final MqttSettings settings;
    private final MqttSettings.Server server;
    /** Tells this driver's client identifiers from those of other workers and runs. */
    private final String instance = InstanceId.next();
    private final AtomicInteger counter = new AtomicInteger();

    MqttClients(MqttSettings settings) {
        this.settings = settings;
        this.server = settings.server();
    }

    /**
     * A client not yet connected, so the caller can attach its callbacks first. It reconnects on
     * its own only once it has been connected: a first connection that fails (nothing listens, a
     * refused login) fails at once instead of retrying until the connect timeout.
     */
    Mqtt5AsyncClient build(String role) {
        AtomicBoolean everConnected = new AtomicBoolean();
        Mqtt5ClientBuilder builder = MqttClient.builder()
                .useMqttVersion5()
                .identifier("mqb-" + role + "-" + instance + "-" + counter.incrementAndGet())
                .serverHost(server.host())
                .serverPort(server.port())
                .automaticReconnect().initialDelay(500, TimeUnit.MILLISECONDS).maxDelay(5, TimeUnit.SECONDS)
                .applyAutomaticReconnect()
                .addConnectedListener(context -> everConnected.set(true))
                .addDisconnectedListener(context -> {
                    if (!everConnected.get()) {
                        context.getReconnector().reconnect(false);
                    }
                });
        if (server.tls()) {
            builder = builder.sslWithDefaultConfig();
        }
        return builder.buildAsync();
    }

    /** Connects a producer's client: a clean session, nothing kept after it. */
    void connectProducer(Mqtt5AsyncClient client) throws IOException {
        await(withAuth(client.connectWith().cleanStart(true).sessionExpiryInterval(0)).send());
    }

    /** Connects a consumer's client with the consumer settings (session, receive maximum). */
    void connectConsumer(Mqtt5AsyncClient client) throws IOException {
        MqttSettings.Consumer consumer = settings.consumer;
        await(withAuth(client.connectWith()
                .cleanStart(consumer.cleanSession)
                .sessionExpiryInterval(consumer.cleanSession ? 0 : consumer.sessionExpiryInterval)
                .restrictions().receiveMaximum(consumer.receiveMaximum).applyRestrictions()).send());
    }

    private Mqtt5ConnectBuilder.Send<CompletableFuture<Mqtt5ConnAck>> withAuth(Mqtt5ConnectBuilder.Send<CompletableFuture<Mqtt5ConnAck>> connect) {
        if (!settings.hasCredentials()) {
            return connect;
        }
        return connect.simpleAuth()
                .username(settings.client.username)
                .password((settings.client.password == null ? "" : settings.client.password).getBytes(StandardCharsets.UTF_8))
                .applySimpleAuth();
    }

    private void await(CompletableFuture<?> connecting) throws IOException {
        try {
            connecting.get(CONNECT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to the MQTT broker at " + server, e);
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IOException("cannot connect to the MQTT broker at " + server + ": " + cause
                    + " (is it running? bin/brokers start mosquitto; check client.serverUri)", cause);
        }
    }
}
