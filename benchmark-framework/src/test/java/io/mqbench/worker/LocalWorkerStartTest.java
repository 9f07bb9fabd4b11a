package io.mqbench.worker;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.config.UserError;
import io.mqbench.testing.MisbehavingDriver;
import io.mqbench.testing.TempFiles;
import java.io.File;
import java.nio.file.Path;
import org.apache.bookkeeper.stats.StatsLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalWorkerStartTest {

    @Test
    void aClientLibraryClashIsReportedAsOneNotAsTheClientsGuess(@TempDir Path dir) throws Exception {
        Path file = TempFiles.write(dir, "clash.yaml", "name: C\ndriverClass: " + MismatchedClientDriver.class.getName() + "\n");
        LocalWorker worker = new LocalWorker();
        UserError error = assertThrows(UserError.class, () -> worker.initializeDriver(file.toFile()));
        assertTrue(error.getMessage().startsWith(file + ": the driver could not start: client-library version conflict (NoSuchMethodError: "),
                error.getMessage());
        assertTrue(error.getMessage().contains("com.fasterxml.jackson.databind.ObjectMapper is loaded from jackson-databind-"), error.getMessage());
        assertTrue(!error.getMessage().contains("not an Artemis URL"), error.getMessage());
    }

    /** Fails to start the way the Artemis client did beside an older artemis-core-client. */
    public static final class MismatchedClientDriver extends MisbehavingDriver {
        @Override
        public void initialize(File configurationFile, StatsLogger statsLogger) {
            throw new IllegalArgumentException("brokerAddress 'tcp://127.0.0.1:61616' is not an Artemis URL",
                    new RuntimeException(new NoSuchMethodError("'int com.fasterxml.jackson.databind.ObjectMapper.getCompressionLevel()'")));
        }
    }
}
