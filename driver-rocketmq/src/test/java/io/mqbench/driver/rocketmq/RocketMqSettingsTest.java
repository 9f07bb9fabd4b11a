package io.mqbench.driver.rocketmq;

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

class RocketMqSettingsTest {
    private static final String HEAD = "name: RocketMQ\ndriverClass: io.mqbench.driver.rocketmq.RocketMqBenchmarkDriver\n";

    @TempDir
    Path dir;

    private RocketMqSettings read(String yaml) throws IOException {
        Path file = dir.resolve("driver.yaml");
        Files.writeString(file, HEAD + yaml);
        return RocketMqSettings.read(file.toFile());
    }

    private String error(String yaml) {
        String message = assertThrows(IOException.class, () -> read(yaml)).getMessage();
        assertFalse(message.contains("\n"), message);
        return message;
    }

    @Test
    void everyDriverFileOfTheModuleLoads() throws IOException {
        assertEquals(List.of("rocketmq-local.yaml", "rocketmq-no-batch.yaml", "rocketmq-orderly.yaml"),
                TempFiles.moduleDriverFileNames("rocketmq"));
        RocketMqSettings local = RocketMqSettings.read(new File("rocketmq-local.yaml"));
        assertTrue(local.autoBatch && local.batchCQ && local.enableBackpressure);
        assertEquals(RocketMqSettings.ConsumeMode.CONCURRENTLY, local.consumeMode());
        RocketMqSettings plain = RocketMqSettings.read(new File("rocketmq-no-batch.yaml"));
        assertFalse(plain.autoBatch || plain.batchCQ);
        assertEquals(RocketMqSettings.ConsumeMode.ORDERLY, RocketMqSettings.read(new File("rocketmq-orderly.yaml")).consumeMode());
    }

    @Test
    void defaultsAreTheClientsAndFitTheLocalBroker() throws IOException {
        RocketMqSettings settings = read("");
        assertEquals("127.0.0.1:9876", settings.namesrvAddr);
        assertEquals("DefaultCluster", settings.clusterName);
        assertFalse(settings.autoBatch || settings.batchCQ || settings.enableBackpressure || settings.vipChannelEnabled);
        assertNull(settings.batchMaxBytes, "left to the client");
        assertEquals(3_000, settings.sendTimeoutMs);
        assertEquals(20, settings.consumeThreads);
        assertEquals(RocketMqSettings.ConsumeMode.CONCURRENTLY, settings.consumeMode(), "as upstream OMB's driver");
        assertTrue(settings.deleteTopicsOnClose);
    }

    /** Every key of upstream OMB's rocketmq.yaml (written out here, the commented ones too); only driverClass differs. */
    @Test
    void anUpstreamStyleFileLoadsWithItsMeaning() throws IOException {
        RocketMqSettings settings = read(UPSTREAM_KEYS);
        assertEquals("DefaultCluster", settings.clusterName);
        assertEquals("127.0.0.1:9876", settings.namesrvAddr);
        assertFalse(settings.vipChannelEnabled);
        assertTrue(settings.batchCQ && settings.autoBatch && settings.enableBackpressure);
        assertEquals(32768, settings.batchMaxBytes);
        assertEquals(10, settings.batchMaxDelayMs);
        assertEquals(33554432L, settings.totalBatchMaxBytes);
        assertEquals(1024, settings.backpressureConcurrency);
        assertNull(settings.accessKey);
        assertEquals(4_194_304, read("maxMessageSize: 4194304\ncompressMsgBodyOverHowmuch: 4096\n").maxMessageSize);
    }

    /** Upstream OMB's own driver-rocketmq files, each with only driverClass changed. */
    @Test
    void upstreamsOwnRocketMqFilesLoadWithOnlyTheDriverClassChanged() throws Exception {
        List<Path> files = UpstreamDriverFiles.of("driver-rocketmq", dir);
        assumeTrue(!files.isEmpty(), "no upstream OMB tree or source snapshot here (MQBENCH_UPSTREAM_OMB, MQBENCH_UPSTREAM_OMB_FIXTURE)");
        for (Path file : files) {
            String text = Files.readString(file).replace("io.openmessaging.benchmark.driver.rocketmq.RocketMQBenchmarkDriver",
                    RocketMqBenchmarkDriver.class.getName());
            Path copy = dir.resolve("upstream-" + file.getFileName());
            Files.writeString(copy, text);
            RocketMqSettings settings = RocketMqSettings.read(copy.toFile());
            assertEquals("127.0.0.1:9876", settings.namesrvAddr, file.toString());
        }
        assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("rocketmq.yaml")), files.toString());
    }

    @Test
    void mistakesAreOneLineNamingTheField() {
        String unknown = error("namesrvAddress: 127.0.0.1:9876\n");
        assertTrue(unknown.contains("namesrvAddress") && unknown.contains("namesrvAddr"), unknown);
        assertEquals("namesrvAddr is '127.0.0.1'; give host:port, several separated by ';', e.g. 127.0.0.1:9876",
                error("namesrvAddr: 127.0.0.1\n"));
        assertEquals("namesrvAddr is empty; give the name server, e.g. 127.0.0.1:9876", error("namesrvAddr: ' '\n"));
        assertEquals("clusterName is empty; give the cluster whose brokers get the topics (a single broker's default:"
                + " DefaultCluster)", error("clusterName: ''\n"));
        assertEquals("consumeMode is 'ordered'; allowed: concurrently, orderly", error("consumeMode: ordered\n"));
        assertEquals("accessKey and secretKey (RocketMQ ACL) are not supported by mqbench's RocketMQ driver; leave them"
                + " empty and benchmark a cluster without ACL", error("accessKey: ak\nsecretKey: sk\n"));
        assertEquals("backpressureConcurrency is 0; allowed: 1 to 10000000", error("backpressureConcurrency: 0\n"));
        assertEquals("consumeThreads is 0; allowed: 1 to 1000", error("consumeThreads: 0\n"));
        assertEquals("pullThresholdForQueue (16) is below pullBatchSize (32); a consumer must be able to hold one pull's"
                + " messages", error("pullThresholdForQueue: 16\n"));
        assertTrue(error("autoBatch: maybe\n").contains("autoBatch"));
    }

    /** Upstream OMB's driver-rocketmq/rocketmq.yaml, key for key, with its commented keys given their documented values. */
    private static final String UPSTREAM_KEYS = """
            clusterName: DefaultCluster
            namesrvAddr: 127.0.0.1:9876
            vipChannelEnabled: false
            batchCQ: true
            autoBatch: true
            batchMaxBytes: 32768
            batchMaxDelayMs: 10
            totalBatchMaxBytes: 33554432
            enableBackpressure: true
            backpressureConcurrency: 1024
            accessKey:
            secretKey:
            """;
}
