package io.mqbench.driver.sqs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.sqs.SqsAsyncClient;
import software.amazon.awssdk.services.sqs.model.ListQueuesRequest;

/**
 * The ElasticMQ that {@code bin/brokers start sqs} runs on 127.0.0.1:9324: driver files for it and
 * a plain client to look at its queues. Every test uses random topic names, so runs never meet.
 */
final class LocalSqs {
    static final String ENDPOINT = "http://127.0.0.1:9324";
    static final String ACCESS_KEY_ID = "mqbench-test-key-id";
    static final String SECRET_ACCESS_KEY = "mqbench-test-secret-value";
    /** How long a test waits for extra deliveries once the expected number arrived: receives come in batches. */
    static final long STRAY_MS = 500;

    private LocalSqs() {}

    /** A driver file for the local server with these settings on top of the defaults. */
    static Path driverFile(Path dir, Map<String, Object> overrides) throws IOException {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("name", "sqs-it");
        settings.put("driverClass", SqsBenchmarkDriver.class.getName());
        settings.put("region", "elasticmq");
        settings.put("endpoint", ENDPOINT);
        settings.put("accessKeyId", ACCESS_KEY_ID);
        settings.put("secretAccessKey", SECRET_ACCESS_KEY);
        settings.putAll(overrides);
        StringBuilder yaml = new StringBuilder();
        settings.forEach((key, value) -> yaml.append(key).append(": ").append(value).append('\n'));
        Path file = dir.resolve("sqs-" + UUID.randomUUID() + ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** An initialized driver; the caller closes it. */
    static SqsBenchmarkDriver driver(Path dir, Map<String, Object> overrides) throws Exception {
        SqsBenchmarkDriver driver = new SqsBenchmarkDriver();
        driver.initialize(driverFile(dir, overrides).toFile(), null);
        return driver;
    }

    /** A topic name as the harness makes them. */
    static String topic() {
        return "mqbench-" + String.format("%07d", 0) + "-" + UUID.randomUUID().toString().substring(0, 7);
    }

    static SqsSettings settings(Map<String, Object> overrides) throws IOException {
        Path dir = Files.createTempDirectory("sqs-settings");
        try {
            return SqsSettings.read(driverFile(dir, overrides).toFile());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }

    static SqsAsyncClient client(Map<String, Object> overrides) throws IOException {
        return SqsClients.build(settings(overrides));
    }

    /** The queue URLs on the server whose names start with the prefix. */
    static List<String> queues(SqsAsyncClient client, String prefix) {
        return client.listQueues(ListQueuesRequest.builder().queueNamePrefix(prefix).build()).join().queueUrls();
    }
}
