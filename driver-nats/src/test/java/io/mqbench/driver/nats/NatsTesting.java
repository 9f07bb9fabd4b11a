package io.mqbench.driver.nats;

import io.nats.client.Connection;
import io.nats.client.Nats;
import java.util.List;
import java.util.UUID;

/** What the integration tests share: the server bin/brokers starts, settings, an inspecting connection. */
final class NatsTesting {
    static final String URL = "nats://127.0.0.1:4222";

    private NatsTesting() {}

    static NatsSettings settings(String mode) {
        NatsSettings settings = new NatsSettings();
        settings.name = "test";
        settings.driverClass = NatsBenchmarkDriver.class.getName();
        settings.natsHostUrl = URL;
        settings.mode = mode;
        return settings;
    }

    static NatsBenchmarkDriver driver(NatsSettings settings) throws Exception {
        NatsBenchmarkDriver driver = new NatsBenchmarkDriver();
        driver.initialize(settings);
        return driver;
    }

    static String randomTopic() {
        return "mqbench-nats-test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** The names of the streams on the server, looked at over a connection of the test's own. */
    static List<String> streamNames() throws Exception {
        try (Connection inspector = Nats.connect(URL)) {
            return inspector.jetStreamManagement().getStreamNames();
        }
    }
}
