package io.mqbench.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.cli.Main;
import io.mqbench.config.DriverFile;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.workload.Fault;
import io.mqbench.workload.Payloads;
import io.mqbench.workload.Workload;
import io.mqbench.workload.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every file the project ships must load with every module on the classpath, as bin/benchmark
 * runs them: each driver file names a driver class that exists, each workload (and sweep point)
 * passes validation with its payloads, and each suite validates with all its drivers and
 * workloads. A typo in a shipped file fails here, not in a user's run.
 */
class ShippedFilesTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyDriverFileNamesALoadableDriver() throws IOException {
        List<Path> files = driverFiles();
        assertTrue(files.size() >= 4, "driver files found: " + files);
        for (Path file : files) {
            DriverFile driver = DriverFile.load(file.toFile());
            assertFalse(driver.name().isBlank(), file + " has a name");
        }
    }

    /** Fault targets name bin/brokers' brokers: the two lists must not drift apart when a broker is added. */
    @Test
    void faultTargetsAreExactlyTheBrokersOfBinBrokers() throws IOException {
        Pattern name = Pattern.compile("^    name = \"([a-z0-9-]+)\"$", Pattern.MULTILINE);
        List<String> servers;
        try (Stream<Path> files = Files.list(ROOT.resolve("tools/brokers/servers"))) {
            // netproxy.py runs the proxy of the delay fault, not a broker: a delay names the broker behind it
            servers = files.filter(f -> f.toString().endsWith(".py") && !f.getFileName().toString().equals("netproxy.py"))
                    .flatMap(f -> name.matcher(read(f)).results().map(m -> m.group(1)))
                    .sorted().toList();
        }
        assertEquals(servers, Fault.LOCAL_BROKERS.stream().sorted().toList(),
                "Fault.LOCAL_BROKERS and tools/brokers/servers/*.py");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyWorkloadAndSweepPointIsValid() throws IOException {
        System.setProperty("mqbench.home", ROOT.toString());
        int points = 0;
        for (Path file : yamlFilesUnder(ROOT.resolve("workloads"))) {
            for (Workload workload : WorkloadLoader.loadAll(file.toFile(), null, null)) {
                assertFalse(Payloads.forWorkload(workload, file.toFile()).isEmpty());
                points++;
            }
        }
        assertTrue(points > 50, "workload points: " + points);
    }

    @Test
    void everySuiteValidatesWithAllItsFiles() throws IOException {
        System.setProperty("mqbench.home", ROOT.toString());
        List<Path> suites = yamlFilesUnder(ROOT.resolve("suites"));
        assertFalse(suites.isEmpty());
        for (Path suite : suites) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = Main.run(new String[] {"--suite", suite.toString(), "--validate"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), new StopSignal());
            assertEquals(0, exit, suite + ": " + err.toString(StandardCharsets.UTF_8));
            assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("ok: suite"), out.toString(StandardCharsets.UTF_8));
        }
    }

    /** The driver files of every driver module the build knows. */
    static List<Path> driverFiles() throws IOException {
        String parent = Files.readString(ROOT.resolve("pom.xml"));
        java.util.regex.Matcher listed = java.util.regex.Pattern.compile("<module>(driver-[^<]+)</module>").matcher(parent);
        List<Path> modules = new java.util.ArrayList<>();
        while (listed.find()) {
            modules.add(ROOT.resolve(listed.group(1)));
        }
        List<Path> files = new java.util.ArrayList<>();
        for (Path folder : modules) {
            // Driver files live at the module's top and in folders of variants, never in src/ or target/.
            try (Stream<Path> found = Files.walk(folder)) {
                found.filter(f -> f.toString().endsWith(".yaml"))
                        .filter(f -> !folder.relativize(f).startsWith("src") && !folder.relativize(f).startsWith("target"))
                        .forEach(files::add);
            }
        }
        files.sort(null);
        return files;
    }

    static List<Path> yamlFilesUnder(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
    }
}
