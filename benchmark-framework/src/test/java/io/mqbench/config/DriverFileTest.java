package io.mqbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverFileTest {
    @TempDir
    Path dir;

    @Test
    void loadsNameClassAndSettings() {
        Path file = TempFiles.write(dir, "d.yaml", "name: Fast\ndriverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver\nlossRate: 0.1\n");
        DriverFile driver = DriverFile.load(file.toFile());
        assertEquals("Fast", driver.name());
        assertEquals(0.1, driver.settings().get("lossRate").asDouble());
        assertEquals("LoopbackBenchmarkDriver", driver.newDriver().getClass().getSimpleName());
    }

    @Test
    void anUnknownClassListsTheDriversAvailable() {
        Path file = TempFiles.write(dir, "d.yaml", "name: X\ndriverClass: io.mqbench.driver.nope.NopeDriver\n");
        UserError e = assertThrows(UserError.class, () -> DriverFile.load(file.toFile()));
        assertTrue(e.getMessage().startsWith(file + ": field 'driverClass': class 'io.mqbench.driver.nope.NopeDriver' was not found"), e.getMessage());
        assertTrue(e.getMessage().contains("io.mqbench.driver.loopback.LoopbackBenchmarkDriver"), e.getMessage());
    }

    @Test
    void aClassThatIsNotADriverIsRejected() {
        Path file = TempFiles.write(dir, "d.yaml", "driverClass: java.lang.String\n");
        UserError e = assertThrows(UserError.class, () -> DriverFile.load(file.toFile()));
        assertTrue(e.getMessage().contains("does not implement io.openmessaging.benchmark.driver.BenchmarkDriver"), e.getMessage());
    }

    @Test
    void aMissingDriverClassSaysWhatToWrite() {
        Path file = TempFiles.write(dir, "d.yaml", "name: X\n");
        UserError e = assertThrows(UserError.class, () -> DriverFile.load(file.toFile()));
        assertTrue(e.getMessage().startsWith(file + ": field 'driverClass' is missing"), e.getMessage());
        assertTrue(e.getMessage().contains("one of: io.mqbench.driver.loopback.LoopbackBenchmarkDriver"), e.getMessage());
    }

    @Test
    void preparingAFileWithoutReferencesOrSetsLetsTheDriverReadTheFileItself() {
        Path file = TempFiles.write(dir, "d.yaml", LoopbackDriverYaml.named("L"));
        DriverFile driver = DriverFile.prepare(file.toFile(), SetOverrides.NONE, name -> null, false);
        assertEquals(file.toFile(), driver.effectiveFile());
    }

    @Test
    void referencesAndSetsGoIntoAPrivateResolvedCopyThatTheDriverReads() throws Exception {
        Path file = TempFiles.write(dir, "loop.yaml", """
                name: L-${SUFFIX:-x}
                driverClass: io.mqbench.driver.loopback.LoopbackBenchmarkDriver
                lossRate: ${LOSS}
                """);
        DriverFile driver = DriverFile.prepare(file.toFile(), SetOverrides.parse(List.of("driver.duplicateRate=0.25")),
                Map.of("LOSS", "0.5")::get, false);
        assertEquals(file.toFile(), driver.file(), "messages and results name the user's file");
        assertEquals("loop.yaml", driver.effectiveFile().getName());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(driver.effectiveFile().toPath().getParent())));
        // What the driver will read: a worker loads the copy as it is.
        DriverFile copy = DriverFile.load(driver.effectiveFile());
        assertEquals("L-x", copy.name());
        assertEquals(0.5, copy.settings().get("lossRate").asDouble());
        assertTrue(copy.settings().get("lossRate").isNumber());
        assertEquals(0.25, copy.settings().get("duplicateRate").asDouble());
    }

    @Test
    void aMistakeMadeWithSetNamesTheFileAndTheOption() {
        Path file = TempFiles.write(dir, "loop.yaml", LoopbackDriverYaml.named("L"));
        UserError e = assertThrows(UserError.class, () -> DriverFile.prepare(file.toFile(),
                SetOverrides.parse(List.of("driver.lossRat=0.1")), name -> null, false));
        assertTrue(e.getMessage().startsWith(file + " (--set driver.lossRat=0.1): "), e.getMessage());
        assertTrue(e.getMessage().contains("'lossRat'"), e.getMessage());
        assertTrue(!e.getMessage().contains("mqbench-resolved-"), "the temporary copy is not named: " + e.getMessage());
    }

    @Test
    void settingsInResultsAreRedacted() {
        // The secrets of every driver in one file: a driver that does not check its settings at load
        // (no SettingsCheck) lets them all through to the redaction.
        Path file = TempFiles.write(dir, "d.yaml", """
                name: K
                driverClass: io.mqbench.testing.RecordingDriver
                password: hunter2
                redisPass: opensesame
                passive: true
                amqpUris: [ "amqp://bench:s3cret@host:5672/" ]
                commonConfig: |
                  bootstrap.servers=localhost:9092
                  sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required password="x";
                """);
        String redacted = DriverFile.load(file.toFile()).redactedSettings().toString();
        assertTrue(!redacted.contains("hunter2") && !redacted.contains("s3cret") && !redacted.contains("password=\\\"x"), redacted);
        assertTrue(!redacted.contains("opensesame"), "OMB's redisPass: " + redacted);
        assertTrue(redacted.contains("\"passive\":true"), "only secrets are hidden: " + redacted);
        assertTrue(redacted.contains("bootstrap.servers=localhost:9092"), redacted);
        assertTrue(redacted.contains("amqp://bench:*****@host:5672/"), redacted);
    }
}
