package io.mqbench.driver.mqtt;

import com.hivemq.client.mqtt.MqttGlobalPublishFilter;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import io.mqbench.driver.api.DriverMetadata;
import io.mqbench.driver.api.RedeliveryHorizon;
import io.mqbench.driver.api.SettingsCheck;
import io.mqbench.driver.support.ClientVersion;
import io.mqbench.driver.support.Closing;
import io.mqbench.driver.support.DriverSettings;
import io.mqbench.driver.support.OpenClients;
import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import io.openmessaging.benchmark.driver.ConsumerCallback;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.stats.StatsLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MQTT 5 on the HiveMQ client: a benchmark topic is an MQTT topic under {@code topicPrefix}, a
 * subscription a shared subscription of that topic, every producer and consumer a client of its
 * own. The delivery guarantee is the QoS: 0 at most once, 1 at least once, 2 exactly once.
 */
public final class MqttBenchmarkDriver implements BenchmarkDriver, DriverMetadata, RedeliveryHorizon, SettingsCheck {
    private static final Logger log = LoggerFactory.getLogger(MqttBenchmarkDriver.class);
    /** Mosquitto publishes its version there (retained); a broker that does not is reported as unknown. */
    private static final String VERSION_TOPIC = "$SYS/broker/version";

    private final OpenClients<BenchmarkProducer> producers = new OpenClients<>();
    private final OpenClients<BenchmarkConsumer> consumers = new OpenClients<>();
    private MqttSettings settings;
    private MqttQos qos;
    private MqttClients clients;
    private String brokerVersion;

    @Override
    public void checkSettings(File configurationFile) throws IOException {
        MqttSettings.read(configurationFile);
    }

    @Override
    public void initialize(File configurationFile, StatsLogger statsLogger) throws IOException {
        initialize(MqttSettings.read(configurationFile));
    }

    /** For tests that build settings in code. */
    void initialize(MqttSettings given) throws IOException {
        settings = DriverSettings.check(given, MqttSettings::validate);
        qos = MqttQos.fromCode(settings.client.qos);
        clients = new MqttClients(settings);
        brokerVersion = askBrokerVersion();
    }

    /** Connects once (which proves the broker answers and takes our credentials) and reads its $SYS version, if it has one. */
    private String askBrokerVersion() throws IOException {
        Mqtt5AsyncClient probe = clients.build("probe");
        CompletableFuture<String> version = new CompletableFuture<>();
        probe.publishes(MqttGlobalPublishFilter.SUBSCRIBED,
                publish -> version.complete(new String(publish.getPayloadAsBytes(), StandardCharsets.UTF_8)));
        clients.connectProducer(probe);
        try {
            probe.subscribeWith().topicFilter(VERSION_TOPIC).qos(MqttQos.AT_MOST_ONCE).send().get(5, TimeUnit.SECONDS);
            return version.get(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        } catch (Exception e) {
            return "unknown (the broker publishes no " + VERSION_TOPIC + ")";
        } finally {
            probe.disconnect();
        }
    }

    @Override
    public String getTopicNamePrefix() {
        return settings.client.topicPrefix + "/test";
    }

    /** MQTT topics exist as soon as someone publishes or subscribes; partitions have no meaning. */
    @Override
    public CompletableFuture<Void> createTopic(String topic, int partitions) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic) {
        Mqtt5AsyncClient client = clients.build("pub");
        try {
            clients.connectProducer(client);
            return CompletableFuture.completedFuture(producers.add(new MqttProducer(client, topic, qos, settings.producer)));
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName,
                                                               ConsumerCallback consumerCallback) {
        String filter = settings.consumer.sharedSubscription ? "$share/" + group(subscriptionName) + "/" + topic : topic;
        try {
            return CompletableFuture.completedFuture(consumers.add(MqttConsumer.subscribe(clients, filter, qos, consumerCallback)));
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** A share name may not contain '/', '+' or '#'. */
    private static String group(String subscriptionName) {
        return subscriptionName.replaceAll("[/+#]", "_");
    }

    /** MQTT delivers again only when a session resumes after a reconnect, never after a time. */
    @Override
    public Duration redeliveryHorizon() {
        return Duration.ZERO;
    }

    @Override
    public Map<String, String> metadata() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("clientLibrary", "hivemq-mqtt-client " + ClientVersion.of(MqttBenchmarkDriver.class, "hivemq-mqtt-client"));
        facts.put("brokerVersion", brokerVersion);
        facts.put("endpoint", settings.server().toString());
        facts.put("protocol", "MQTT 5");
        facts.put("qos", String.valueOf(settings.client.qos));
        facts.put("delivery", switch (settings.client.qos) {
            case 0 -> "at most once (QoS 0): no acknowledgements; what the broker or a slow client drops is gone";
            case 1 -> "at least once (QoS 1): PUBACK for each publish, consumers acknowledge after the callback";
            default -> "exactly once (QoS 2): PUBREC/PUBREL/PUBCOMP for each publish and delivery";
        });
        facts.put("session", settings.consumer.cleanSession ? "clean: a consumer's session ends with its connection"
                : "persistent: the broker keeps a consumer's session for " + settings.consumer.sessionExpiryInterval + " s");
        facts.put("sharedSubscription", String.valueOf(settings.consumer.sharedSubscription));
        facts.put("receiveMaximum", String.valueOf(settings.consumer.receiveMaximum));
        facts.put("publishWindow", settings.client.qos == 0 ? "none (QoS 0)" : String.valueOf(settings.producer.publishWindow));
        facts.put("partitions", "none: MQTT has no partitions; every message of a topic goes to one MQTT topic");
        facts.put("publishTimestamp", "mqbench's payload stamp; otherwise user property " + PublishTime.PROPERTY);
        return facts;
    }

    /** Producers first (waiting for their acknowledgements), then consumers. */
    @Override
    public void close() {
        for (BenchmarkProducer producer : producers.takeAll()) {
            Closing.quietly(producer, log);
        }
        for (BenchmarkConsumer consumer : consumers.takeAll()) {
            Closing.quietly(consumer, log);
        }
    }
}
