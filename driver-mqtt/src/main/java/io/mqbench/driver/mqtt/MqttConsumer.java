package io.mqbench.driver.mqtt;

import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAck;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One MQTT client subscribed to a topic: shared with the subscription's other consumers ({@code
 * $share/<subscription>/<topic>}) or alone. Each message goes to the harness, then is acknowledged
 * (QoS 1 and 2), so the broker sends at most {@code receiveMaximum} more before the harness took
 * them. The callback is attached before the connection, so messages a persistent session kept
 * while the client was away are not missed.
 */
final class MqttConsumer implements BenchmarkConsumer {
    private final Mqtt5AsyncClient client;

    private MqttConsumer(Mqtt5AsyncClient client) {
        this.client = client;
    }

    static MqttConsumer subscribe(MqttClients clients, String topicFilter, MqttQos qos, ConsumerCallback callback)
            throws IOException {
        Mqtt5AsyncClient client = clients.build("sub");
        client.publishes(MqttGlobalPublishFilter.SUBSCRIBED, publish -> {
            byte[] payload = publish.getPayloadAsBytes();
            callback.messageReceived(payload, PublishTime.of(publish, payload));
            publish.acknowledge();
        }, true);
        clients.connectConsumer(client);
        try {
            Mqtt5SubAck ack = client.subscribeWith().topicFilter(topicFilter).qos(qos).send().get(10, TimeUnit.SECONDS);
            Mqtt5SubAckReasonCode code = ack.getReasonCodes().get(0);
            if (code.isError()) {
                throw new IOException("the MQTT broker refused the subscription " + topicFilter + ": " + code
                        + (code == Mqtt5SubAckReasonCode.SHARED_SUBSCRIPTIONS_NOT_SUPPORTED
                        ? " (set consumer.sharedSubscription: false)" : ""));
            }
            if (code.getCode() < qos.getCode()) {
                throw new IOException("the MQTT broker granted QoS " + code.getCode() + " for " + topicFilter
                        + " where client.qos asks for " + qos.getCode());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.disconnect();
            throw new IOException("interrupted while subscribing to " + topicFilter, e);
        } catch (ExecutionException | TimeoutException | IOException e) {
            client.disconnect();
            throw e instanceof IOException io ? io : new IOException("cannot subscribe to " + topicFilter + ": " + e, e);
        }
        return new MqttConsumer(client);
    }

    @Override
    public void close() throws Exception {
        if (client.getState().isConnectedOrReconnect()) {
            client.disconnect().get(10, TimeUnit.SECONDS);
        }
    }
}
