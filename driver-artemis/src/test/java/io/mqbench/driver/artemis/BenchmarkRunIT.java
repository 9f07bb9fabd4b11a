package io.mqbench.driver.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A short real benchmark through the command line with the module's own files, one per client API. */
class BenchmarkRunIT {
    private static final int RATE = 1_000;
    private static final int SECONDS = 10;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "artemis-local.yaml, Artemis CORE (JMS 2.0), artemis-jms-client",
            "artemis-core.yaml, Artemis CORE (core client API), artemis-core-client",
    })
    void aFixedRateRunHoldsTheRateAndLosesNothing(String file, String protocol, String client) throws Exception {
        Path workload = TempFiles.fixedRateWorkload(dir, "artemis-it-1k", RATE, SECONDS, 5);
        // The module's file with a password added: the result must not show it.
        Path driverFile = dir.resolve("with-login-" + file);
        Files.writeString(driverFile, Files.readString(Path.of(file)) + "user: admin\npassword: admin\n");
        Path results = dir.resolve("results");
        JsonNode r = SteadyRun.runSteady("driver-artemis BenchmarkRunIT", results, RATE, SECONDS, "-d", driverFile.toString(), workload.toString()).result();
        assertEquals(0, r.at("/delivery/outOfOrder").asLong(), "one subscription, one consumer: publish order");
        assertEquals(protocol, r.at("/driverMetadata/protocol").asText());
        assertEquals("ActiveMQ Artemis 2.40.0", r.at("/driverMetadata/broker").asText(), r.at("/driverMetadata").toString());
        assertTrue(r.at("/driverMetadata/clientLibrary").asText().startsWith("org.apache.activemq:" + client + " 2.40"),
                r.at("/driverMetadata/clientLibrary").asText());
        assertEquals("admin", r.at("/driverConfig/user").asText());
        assertTrue(!r.at("/driverConfig/password").asText().contains("admin"), "password redacted");
    }
}
