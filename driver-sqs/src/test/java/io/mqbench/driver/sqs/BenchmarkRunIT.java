package io.mqbench.driver.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.SecretRedactor;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short real benchmark through the command line against ElasticMQ. */
class BenchmarkRunIT {
    /**
     * ElasticMQ and the SDK both compile their code in the run's first seconds; on a 2-core machine
     * with every other broker idling beside them, 400 msg/s left the producer short in the warm-up
     * and catching up above the rate in the measured phase (419-435 msg/s, end-to-end p50 1.6 s).
     */
    private static final int RATE = 200;
    private static final int SECONDS = 10;

    @TempDir
    Path dir;

    @Test
    void aFixedRateRunHoldsTheRateLosesNothingAndKeepsTheCredentialsOut() throws Exception {
        // The module's sqs-local.yaml, with credentials that can be searched for in the result.
        String local = Files.readString(Path.of("sqs-local.yaml"))
                .replace("accessKeyId: elasticmq", "accessKeyId: " + LocalSqs.ACCESS_KEY_ID)
                .replace("secretAccessKey: elasticmq", "secretAccessKey: " + LocalSqs.SECRET_ACCESS_KEY);
        assertTrue(local.contains(LocalSqs.SECRET_ACCESS_KEY), "sqs-local.yaml has static credentials");
        Path driverFile = dir.resolve("sqs-local-it.yaml");
        Files.writeString(driverFile, local);
        Path workload = TempFiles.fixedRateWorkload(dir, "sqs-it-" + RATE, RATE, SECONDS, 5);

        Path results = dir.resolve("results");
        // Long-polling consumers that start slowly on a busy machine catch up on the warm-up's
        // backlog in the measured phase (437 msg/s consumed against 400 sent was seen here).
        SteadyRun.Steady run = SteadyRun.runSteady("driver-sqs BenchmarkRunIT", results, RATE, SECONDS, 0.15,
                "-d", driverFile.toString(), workload.toString());
        JsonNode r = run.result();

        assertTrue(r.at("/driverMetadata/clientLibrary").asText().startsWith("software.amazon.awssdk:sqs 2."),
                r.at("/driverMetadata").toString());
        assertEquals("static credentials from the driver file", r.at("/driverMetadata/credentials").asText());
        assertEquals(SecretRedactor.MASK, r.at("/driverConfig/accessKeyId").asText());
        assertEquals(SecretRedactor.MASK, r.at("/driverConfig/secretAccessKey").asText());
        String whole = Files.readString(BenchmarkCli.results(run.folder()).get(0));
        assertFalse(whole.contains(LocalSqs.SECRET_ACCESS_KEY), "the secret appears nowhere in the result");
        assertFalse(whole.contains(LocalSqs.ACCESS_KEY_ID), "nor the access key id");
        assertFalse((run.cli().out() + run.cli().err()).contains(LocalSqs.SECRET_ACCESS_KEY), "nor in what the run printed");
    }
}
