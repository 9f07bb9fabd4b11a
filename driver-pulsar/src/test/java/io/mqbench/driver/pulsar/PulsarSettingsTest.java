package io.mqbench.driver.pulsar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.testing.TempFiles;
import io.mqbench.testing.UpstreamDriverFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PulsarSettingsTest {
    private static final String HEAD = "name: Pulsar\ndriverClass: io.mqbench.driver.pulsar.PulsarBenchmarkDriver\n";

    @TempDir
    Path dir;

    private PulsarSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, HEAD + yaml);
        return PulsarSettings.read(file.toFile());
    }

    private String error(String yaml) {
        String message = assertThrows(IOException.class, () -> read(yaml)).getMessage();
        assertFalse(message.contains("\n"), message);
        return message;
    }

    @Test
    void anAuthenticationPluginThatCannotBeLoadedFailsInOneLineBeforeAnyConnection() {
        PulsarSettings settings = PulsarTesting.settings();
        settings.client.authentication.plugin = "com.example.NoSuchAuthentication";
        settings.client.authentication.data = "token:x";
        IOException error = assertThrows(IOException.class, () -> new PulsarBenchmarkDriver().initialize(settings));
        assertTrue(error.getMessage().startsWith("client.authentication.plugin 'com.example.NoSuchAuthentication' cannot be used: "),
                error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }

    @Test
    void everyDriverFileOfTheModuleLoads() throws IOException {
        assertEquals(List.of("pulsar-local.yaml", "pulsar-no-batching.yaml", "pulsar-non-persistent.yaml"),
                TempFiles.moduleDriverFileNames("pulsar"));
        PulsarSettings local = PulsarSettings.read(new File("pulsar-local.yaml"));
        assertTrue(local.producer.batchingEnabled);
        assertEquals(PulsarSettings.TopicType.PERSISTENT, local.topicType());
        assertFalse(PulsarSettings.read(new File("pulsar-no-batching.yaml")).producer.batchingEnabled);
        assertEquals(PulsarSettings.TopicType.NON_PERSISTENT, PulsarSettings.read(new File("pulsar-non-persistent.yaml")).topicType());
    }

    @Test
    void defaultsFitTheLocalStandalone() throws IOException {
        PulsarSettings settings = read("");
        assertEquals("pulsar://127.0.0.1:6650", settings.client.serviceUrl);
        assertEquals("http://127.0.0.1:8088", settings.client.httpUrl);
        assertEquals("standalone", settings.client.clusterName);
        assertEquals("mqbench", settings.tenant());
        assertEquals(1, settings.client.persistence.ensembleSize);
        assertEquals(PulsarSettings.SubscriptionKind.FAILOVER, settings.subscriptionKind(), "as upstream OMB");
        assertTrue(settings.producer.batchingEnabled);
        assertTrue(settings.deleteNamespaceOnClose);
    }

    /** Every key of upstream OMB's pulsar.yaml (written out here), with its values; only driverClass differs. */
    @Test
    void anUpstreamStyleFileLoadsWithItsMeaning() throws IOException {
        PulsarSettings settings = read(UPSTREAM_KEYS);
        assertEquals("pulsar://localhost:6650", settings.client.serviceUrl);
        assertEquals("http://localhost:8080", settings.client.httpUrl);
        assertEquals(16, settings.client.ioThreads);
        assertEquals(8, settings.client.connectionsPerBroker);
        assertEquals("local", settings.client.clusterName);
        assertEquals("benchmark", settings.tenant());
        assertEquals(PulsarSettings.TopicType.PERSISTENT, settings.topicType());
        assertEquals(3, settings.client.persistence.ensembleSize);
        assertEquals(3, settings.client.persistence.writeQuorum);
        assertEquals(2, settings.client.persistence.ackQuorum);
        assertFalse(settings.client.persistence.deduplicationEnabled);
        assertNull(settings.client.tlsTrustCertsFilePath);
        assertNull(settings.client.authentication.plugin);
        assertEquals(131072, settings.producer.batchingMaxBytes);
        assertEquals(0, settings.producer.pendingQueueSize);
        assertEquals(10000, settings.consumer.receiverQueueSize);
        assertEquals(PulsarSettings.SubscriptionKind.FAILOVER, settings.subscriptionKind());
        assertEquals(PulsarSettings.SubscriptionKind.KEY_SHARED, read("consumer:\n  subscriptionType: Key_Shared\n").subscriptionKind());
        assertEquals(PulsarSettings.TopicType.NON_PERSISTENT, read("client:\n  topicType: non_persistent\n").topicType(),
                "the enum name upstream's Jackson reads");
        assertEquals(256, read("client:\n  clientMemoryLimitMB: 256\n  maxConcurrentLookupRequests: 50\n").client.clientMemoryLimitMB);
    }

    /**
     * Upstream OMB's own driver files, from the upstream tree the interoperability tests use
     * (MQBENCH_UPSTREAM_OMB, which bin/test sets, or the source snapshot named by
     * MQBENCH_UPSTREAM_OMB_FIXTURE), each with only driverClass changed.
     */
    @Test
    void upstreamsOwnPulsarFilesLoadWithOnlyTheDriverClassChanged() throws Exception {
        List<Path> files = UpstreamDriverFiles.of("driver-pulsar", dir);
        assumeTrue(!files.isEmpty(), "no upstream OMB tree or source snapshot here (MQBENCH_UPSTREAM_OMB, MQBENCH_UPSTREAM_OMB_FIXTURE)");
        for (Path file : files) {
            String text = Files.readString(file).replace("io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver",
                    PulsarBenchmarkDriver.class.getName());
            Path copy = dir.resolve("upstream-" + file.getFileName());
            Files.writeString(copy, text);
            PulsarSettings settings = PulsarSettings.read(copy.toFile());
            assertEquals("pulsar://localhost:6650", settings.client.serviceUrl, file.toString());
        }
        assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("pulsar.yaml")), files.toString());
    }

    @Test
    void mistakesAreOneLineNamingTheField() {
        String unknown = error("client:\n  serviceURL: pulsar://x:6650\n");
        assertTrue(unknown.contains("serviceURL") && unknown.contains("serviceUrl"), unknown);
        assertTrue(error("producer:\n  batching: true\n").contains("batching"), error("producer:\n  batching: true\n"));
        assertEquals("consumer.subscriptionType is 'Round_Robin'; allowed: failover, shared, key_shared, exclusive",
                error("consumer:\n  subscriptionType: Round_Robin\n"));
        assertEquals("client.topicType is 'durable'; allowed: persistent, non-persistent", error("client:\n  topicType: durable\n"));
        assertEquals("client.serviceUrl is 'http://127.0.0.1:6650', which is not an address; give pulsar://host:port or"
                + " pulsar+ssl://host:port, e.g. pulsar://127.0.0.1:6650", error("client:\n  serviceUrl: http://127.0.0.1:6650\n"));
        assertEquals("client.httpUrl is empty; give the address, e.g. http://127.0.0.1:8088", error("client:\n  httpUrl: ' '\n"));
        assertEquals("client.namespacePrefix is 'benchmark'; give tenant/name (letters, digits, - _ = : .), e.g. mqbench/ns:"
                + " the driver creates the namespace tenant/name-<random>", error("client:\n  namespacePrefix: benchmark\n"));
        assertEquals("client.persistence.ackQuorum is 2; allowed: 1 to writeQuorum (1)",
                error("client:\n  persistence:\n    ackQuorum: 2\n"));
        assertEquals("client.persistence.writeQuorum is 3; allowed: 1 to ensembleSize (2)",
                error("client:\n  persistence:\n    ensembleSize: 2\n    writeQuorum: 3\n"));
        assertEquals("client.ioThreads is 0; allowed: 1 to 1024", error("client:\n  ioThreads: 0\n"));
        assertEquals("producer.batchingMaxBytes is 0; allowed: 1 to 67108864", error("producer:\n  batchingMaxBytes: 0\n"));
        assertTrue(error("consumer:\n  receiverQueueSize: lots\n").contains("receiverQueueSize"));
        assertTrue(error("client:\n  authentication:\n    data: token:abc\n").startsWith("client.authentication.data is given"
                + " without client.authentication.plugin"));
        assertEquals("client.clusterName is empty; give the cluster the namespace goes to (Pulsar standalone: standalone)",
                error("client:\n  clusterName: ''\n"));
    }

    /** Upstream OMB's pulsar.yaml, key for key (values as upstream ships them). */
    private static final String UPSTREAM_KEYS = """
            client:
              serviceUrl: pulsar://localhost:6650
              httpUrl: http://localhost:8080
              ioThreads: 16
              connectionsPerBroker: 8
              clusterName: local
              namespacePrefix: benchmark/ns
              topicType: persistent
              persistence:
                ensembleSize: 3
                writeQuorum: 3
                ackQuorum: 2
                deduplicationEnabled: false
              tlsAllowInsecureConnection: false
              tlsEnableHostnameVerification: false
              tlsTrustCertsFilePath:
              authentication:
                plugin:
                data:
            producer:
              batchingEnabled: true
              batchingMaxPublishDelayMs: 1
              batchingMaxBytes: 131072
              blockIfQueueFull: true
              pendingQueueSize: 0
            consumer:
              receiverQueueSize: 10000
              subscriptionType: Failover
            """;
}
