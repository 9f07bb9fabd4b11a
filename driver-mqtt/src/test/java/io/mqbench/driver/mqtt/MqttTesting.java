package io.mqbench.driver.mqtt;

import java.util.UUID;

/** What the integration tests share: the brokers bin/brokers starts (Mosquitto, and Artemis' MQTT). */
final class MqttTesting {
    static final String MOSQUITTO = "tcp://127.0.0.1:1883";
    static final String ARTEMIS = "tcp://127.0.0.1:61616";

    private MqttTesting() {}

    static MqttSettings settings(String serverUri, int qos) {
        MqttSettings settings = new MqttSettings();
        settings.name = "test";
        settings.driverClass = MqttBenchmarkDriver.class.getName();
        settings.client.serverUri = serverUri;
        settings.client.qos = qos;
        return settings;
    }

    static MqttBenchmarkDriver driver(MqttSettings settings) throws Exception {
        MqttBenchmarkDriver driver = new MqttBenchmarkDriver();
        driver.initialize(settings);
        return driver;
    }

    static String randomTopic(MqttBenchmarkDriver driver) {
        return driver.getTopicNamePrefix() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
