package io.mqbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.TempFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A producer that declares {@code CopiesPayload} gets one array per payload, each message's header
 * written into it in turn. One that declares it and keeps the array (here the loopback, which holds
 * each payload for its 200 ms of delivery latency) delivers messages carrying later headers: the
 * delivery check must say so rather than pass them as delivered.
 */
class CopiesPayloadRunTest {
    @TempDir
    Path dir;

    @Test
    void aProducerThatClaimsToCopyButKeepsThePayloadIsCaughtByTheDeliveryCheck() throws Exception {
        Path driver = TempFiles.write(dir, "d.yaml", """
                name: ClaimsToCopy
                driverClass: io.mqbench.testing.ClaimsToCopyDriver
                deliveryLatency: {distribution: fixed, meanMs: 200}
                """);
        Path workload = TempFiles.write(dir, "w.yaml", TempFiles.fixedRateWorkloadText("claims", 1, 100, 2000, 2, 1));
        Path out = dir.resolve("out");
        BenchmarkCli run = BenchmarkCli.run("-d", driver.toString(), "-o", out.toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        JsonNode delivery = BenchmarkCli.onlyResult(out).get("delivery");
        // All messages share the one payload's array, 400 of them in flight: each is delivered with the
        // header of the newest message sent, so the sequence numbers seen run 400 ahead of those sent,
        // and when the sends stop the last 400 deliveries all read the last one's. The first 400 are
        // never seen (lost) and the last one is seen 400 times (duplicated).
        assertTrue(delivery.get("duplicated").asLong() > 200, delivery.toString());
        assertTrue(delivery.path("lost").asLong(0) > 200, delivery.toString());
    }
}
