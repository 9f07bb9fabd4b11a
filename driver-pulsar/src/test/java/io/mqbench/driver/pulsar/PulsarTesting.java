package io.mqbench.driver.pulsar;

import java.util.List;
import java.util.UUID;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.admin.PulsarAdminException;

/** What the integration tests share: the standalone server bin/brokers starts, settings, an inspecting admin client. */
final class PulsarTesting {
    static final String SERVICE_URL = "pulsar://127.0.0.1:6650";
    static final String HTTP_URL = "http://127.0.0.1:8088";

    private PulsarTesting() {}

    static PulsarSettings settings() {
        PulsarSettings settings = new PulsarSettings();
        settings.name = "test";
        settings.driverClass = PulsarBenchmarkDriver.class.getName();
        settings.client.ioThreads = 2;
        settings.client.connectionsPerBroker = 1;
        return settings;
    }

    static PulsarSettings settings(String subscriptionType) {
        PulsarSettings settings = settings();
        settings.consumer.subscriptionType = subscriptionType;
        return settings;
    }

    static PulsarBenchmarkDriver driver(PulsarSettings settings) throws Exception {
        PulsarBenchmarkDriver driver = new PulsarBenchmarkDriver();
        driver.initialize(settings);
        return driver;
    }

    static String randomTopic(PulsarBenchmarkDriver driver) {
        return driver.getTopicNamePrefix() + "-test-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** An admin client of the test's own, to look at what the driver left on the server. */
    static PulsarAdmin admin() throws Exception {
        return PulsarAdmin.builder().serviceHttpUrl(HTTP_URL).build();
    }

    /** The namespaces of the driver's tenant, as the server lists them (none before the tenant exists). */
    static List<String> namespaces(String tenant) throws Exception {
        try (PulsarAdmin admin = admin()) {
            return admin.namespaces().getNamespaces(tenant);
        } catch (PulsarAdminException.NotFoundException e) {
            return List.of();
        } catch (PulsarAdminException e) {
            throw new AssertionError("Pulsar's admin API at " + HTTP_URL + " does not answer (" + e.getMessage()
                    + "); start the server: bin/brokers start pulsar", e);
        }
    }
}
