package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.Inbox;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both async HTTP clients of the SDK work against the server: Netty on the parent POM's Netty 4.2
 * (the SDK itself is built on Netty 4.1), and the CRT client with its native library.
 */
class HttpClientsIT {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"netty", "crt"})
    void sendsAndReceivesThroughEachHttpClient(String httpClient) throws Exception {
        String topic = LocalSqs.topic();
        Inbox inbox = new Inbox();
        try (SqsBenchmarkDriver driver = LocalSqs.driver(dir, Map.of("httpClient", httpClient))) {
            String described = driver.metadata().get("httpClient");
            assertTrue(described.contains(httpClient.equals("netty") ? "netty-nio-client 2.54.14 on Netty 4.2.18.Final"
                    : "aws-crt-client 2.54.13 on aws-crt 0.48.4"), described);
            driver.createTopic(topic, 1).get();
            driver.createConsumer(topic, "sub-000-x", inbox).get();
            BenchmarkProducer producer = driver.createProducer(topic).get();
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            Random random = new Random(19);
            for (int id = 0; id < 500; id++) {
                sends.add(producer.sendAsync(Optional.empty(), Messages.payload(id, 1024, random)));
            }
            CompletableFuture.allOf(sends.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
            assertEquals(500, Inbox.awaitTotal(500, 30_000, LocalSqs.STRAY_MS, inbox), "received, and no more than sent");
        }
    }
}
