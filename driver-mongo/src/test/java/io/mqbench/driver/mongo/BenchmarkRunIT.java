package io.mqbench.driver.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.testing.SteadyRun;
import io.mqbench.testing.TempFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A short real benchmark through the command line, with the module's own file for the server under test. */
class BenchmarkRunIT {
    /**
     * 500 msg/s on mongo-java-server (its consumer fell to 790 msg/s for 1,000 once in CI on this
     * busy 2-core machine, passing the next time), 50 on FerretDB.
     */
    private static final int RATE = 500 / LocalMongo.LOAD_DIVISOR;
    private static final int SECONDS = 10;
    /** This class's own database, dropped after its last test. */
    @RegisterExtension
    static final LocalMongo mongo = new LocalMongo();

    @TempDir
    Path dir;

    @Test
    void aFixedRateRunHoldsTheRateAndLosesNothing() throws Exception {
        Path workload = TempFiles.fixedRateWorkload(dir, "mongo-it-1k", RATE, SECONDS, 10);
        // The shipped file, but in this test's own database so nothing else is touched.
        Path driverFile = dir.resolve(LocalMongo.SHIPPED_FILE);
        Files.writeString(driverFile, Files.readString(Path.of(LocalMongo.SHIPPED_FILE))
                .replace("database: mqbench", "database: " + mongo.database));
        Path results = dir.resolve("results");
        // The consumer keeps up; it may run a little above the rate while it catches up on what a
        // busy machine held back during the warm-up.
        JsonNode r = SteadyRun.runSteady("driver-mongo BenchmarkRunIT", results, RATE, SECONDS, 0.10, "-d", driverFile.toString(), workload.toString()).result();
        assertTrue(r.at("/driverMetadata/clientLibrary").asText().startsWith("org.mongodb:mongodb-driver-sync "));
        assertEquals(LocalMongo.PERSISTENT ? "w1, journal" : "w1", r.at("/driverMetadata/writeConcern").asText());
        assertTrue(mongo.collections().isEmpty(), "the run's collections are dropped: " + mongo.collections());
    }
}
