package io.mqbench.driver.mqtt;

import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5PublishBuilder;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5PublishResult;
import io.mqbench.driver.api.SendWindow;
import io.mqbench.driver.api.StampedPayload;
import io.mqbench.driver.support.PublishWindow;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes to one MQTT topic. QoS 0: a send is done when the client has written it. QoS 1 and 2:
 * when the broker acknowledged it (PUBACK; PUBCOMP for QoS 2), with at most {@code publishWindow}
 * waiting at once. MQTT has no keys or partitions: a key is ignored.
 */
final class MqttProducer implements BenchmarkProducer, SendWindow {
    private static final Logger log = LoggerFactory.getLogger(MqttProducer.class);

    private final Mqtt5AsyncClient client;
    private final String topic;
    private final MqttQos qos;
    private final PublishWindow window;
    private final long timeoutMillis;

    MqttProducer(Mqtt5AsyncClient client, String topic, MqttQos qos, MqttSettings.Producer settings) {
        this.client = client;
        this.topic = topic;
        this.qos = qos;
        this.window = qos == MqttQos.AT_MOST_ONCE ? null : new PublishWindow(settings.publishWindow, settings.publishTimeoutMs);
        this.timeoutMillis = settings.publishTimeoutMs;
    }

    @Override
    public void awaitRoom() throws InterruptedException {
        if (window != null) {
            window.reserve();
        }
    }

    @Override
    public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        try {
            if (window != null && !window.take()) {
                done.completeExceptionally(new TimeoutException("no acknowledgement from the MQTT broker for "
                        + timeoutMillis + " ms while " + window.size() + " publishes were waiting"));
                return done;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.completeExceptionally(e);
            return done;
        }
        Mqtt5PublishBuilder.Send.Complete<CompletableFuture<Mqtt5PublishResult>> publish =
                client.publishWith().topic(topic).qos(qos).payload(payload);
        if (!StampedPayload.isStamped(payload)) {
            publish = publish.userProperties().add(PublishTime.PROPERTY.toString(), Long.toString(System.currentTimeMillis()))
                    .applyUserProperties();
        }
        try {
            publish.send().orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).whenComplete((result, error) -> {
                if (window != null) {
                    window.release();
                }
                Throwable failure = error != null ? error : result.getError().orElse(null);
                if (failure != null) {
                    done.completeExceptionally(failure);
                } else {
                    done.complete(null);
                }
            });
        } catch (RuntimeException e) {
            if (window != null) {
                window.release();
            }
            done.completeExceptionally(e);
        }
        return done;
    }

    /** Waits for the acknowledgements still due (up to the publish timeout), then disconnects. */
    @Override
    public void close() throws Exception {
        if (!client.getState().isConnectedOrReconnect()) {
            return; // closed by the harness already, now by the driver
        }
        try {
            if (window != null && !window.awaitEmpty(timeoutMillis)) {
                log.warn("closing an MQTT producer with publishes still unacknowledged after {} ms", timeoutMillis);
            }
        } finally {
            client.disconnect().get(10, TimeUnit.SECONDS);
        }
    }
}
