package io.mqbench.cli;

import io.mqbench.testing.BenchmarkCli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mqbench.testing.TempFiles;
import io.mqbench.testing.LoopbackDriverYaml;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every user mistake ends in one clear line on stderr and exit status 2, before anything runs. */
class BadInputTest {
    private static final String WORKLOAD = TempFiles.fixedRateWorkloadText("w", 1, 100, 100, 1, 0);
    private static final String DRIVER = LoopbackDriverYaml.named("L");

    @TempDir
    Path dir;

    @Test
    void unknownField() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD + "producerRat: 5\n");
        assertUserError(run(driver(), w), w + ": unknown field 'producerRat' (did you mean 'producerRate'?)");
    }

    @Test
    void misspeltFieldGivenWithSet() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(BenchmarkCli.run("--validate", "--set", "workload.messageSiz=100", "-d", driver().toString(), w.toString()),
                w + " (--set workload.messageSiz=100): unknown field 'messageSiz' (did you mean 'messageSize'?)");
    }

    @Test
    void unsetEnvironmentVariableInADriverFile() {
        Path d = TempFiles.write(dir, "d.yaml", DRIVER + "lossRate: ${MQBENCH_TEST_SURELY_UNSET_VARIABLE}\n");
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(run(d, w), d + ": field 'lossRate': environment variable MQBENCH_TEST_SURELY_UNSET_VARIABLE is not set");
    }

    @Test
    void negativeRate() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD.replace("producerRate: 100", "producerRate: -1"));
        assertUserError(run(driver(), w), w + ": field 'producerRate' is -1; allowed:");
    }

    @Test
    void missingPayloadFile() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD + "payloadFile: payload/missing.data\n");
        assertUserError(run(driver(), w), w + ": field 'payloadFile': 'payload/missing.data' not found");
    }

    @Test
    void unknownDriverClass() {
        Path d = TempFiles.write(dir, "d.yaml", "name: X\ndriverClass: com.example.NoSuchDriver\n");
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(run(d, w), d + ": field 'driverClass': class 'com.example.NoSuchDriver' was not found");
    }

    @Test
    void yamlSyntaxError() {
        Path w = TempFiles.write(dir, "w.yaml", "name: w\ntopics: : 1\n");
        assertUserError(run(driver(), w), w + ": YAML syntax error at line 2");
    }

    @Test
    void aDirectoryInsteadOfAFile() {
        assertUserError(run(driver(), dir), dir + ": is a directory");
        assertUserError(BenchmarkCli.run("-d", dir.toString(), TempFiles.write(dir, "w.yaml", WORKLOAD).toString()), dir + ": is a directory");
    }

    @Test
    void aDriverSettingOutOfRangeIsRefusedBeforeTheRun() throws Exception {
        Path d = TempFiles.write(dir, "d.yaml", DRIVER + "lossRate: 7\n");
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        BenchmarkCli runner = BenchmarkCli.run("-d", d.toString(), "-o", dir.resolve("out").toString(), w.toString());
        assertUserError(runner, d + ": lossRate is 7.0; allowed: 0.0 to 1.0");
        assertTrue(!runner.out().contains("-- initialize"), "refused before the driver started: " + runner.out());
        assertEquals(0, BenchmarkCli.results(dir.resolve("out")).size(), "nothing was sent: no result file");
    }

    @Test
    void validateChecksTheDriversOwnSettings() {
        Path d = TempFiles.write(dir, "d.yaml", DRIVER + "lossRat: 0.1\n");
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(BenchmarkCli.run("-d", d.toString(), "--validate", w.toString()),
                d + ": unknown field 'lossRat' (did you mean 'lossRate'?); allowed fields: ");
    }

    @Test
    void numbersOutOfShapeOrRange() {
        Path fraction = TempFiles.write(dir, "fraction.yaml", WORKLOAD.replace("partitionsPerTopic: 1", "partitionsPerTopic: 1.5"));
        assertUserError(run(driver(), fraction), fraction + ": field 'partitionsPerTopic' has value '1.5'; allowed: a whole number");
        Path huge = TempFiles.write(dir, "huge.yaml", WORKLOAD.replace("messageSize: 100", "messageSize: 999999999999"));
        assertUserError(run(driver(), huge), huge + ": field 'messageSize' is 999999999999, too large; allowed: a whole number up to 2,147,483,647");
        Path ratio = TempFiles.write(dir, "ratio.yaml", WORKLOAD + "randomBytesRatio: 7\n");
        assertUserError(run(driver(), ratio), ratio + ": field 'randomBytesRatio' is 7.0; allowed: 0.0 to 1.0");
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "--duration", "99999999999h", w.toString()),
                "--duration: '99999999999h' is longer than 30 days");
    }

    @Test
    void aBinaryFile() throws Exception {
        Path binary = dir.resolve("binary.yaml");
        Files.write(binary, new byte[] {(byte) 0xC3, 0x28, 0x00, 0x01, (byte) 0xFF, (byte) 0xFE, 0x41});
        assertUserError(run(driver(), binary), binary + ": not a YAML file: it holds bytes that are not text");
    }

    @Test
    void optionsThatDoNotGoTogether() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(BenchmarkCli.run("--csv", dir.toString(), "-d", driver().toString(), w.toString()),
                "--csv summarises the results already in a folder; give it alone");
    }

    @Test
    void commandLineMistakes() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        assertUserError(BenchmarkCli.run(w.toString()), "no driver file: give one with -d");
        assertUserError(BenchmarkCli.run("-d", driver().toString()), "no workload file");
        assertUserError(BenchmarkCli.run("--bogus"), "Unknown option: '--bogus'");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "--duration", "30", w.toString()), "--duration: '30' is not a duration");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "--duration", "0s", w.toString()), "--duration: '0s' must be whole seconds, at least 1s");
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "-w", "http://127.0.0.1:1", w.toString()),
                "http://127.0.0.1:1: cannot connect (connection refused): is bin/benchmark-worker running there, on that port?");
        assertUserError(BenchmarkCli.run("--csv", dir.resolve("none").toString()), dir.resolve("none") + ": not a folder");
    }

    @Test
    void repeatMistakes() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        String d = driver().toString();
        assertUserError(BenchmarkCli.run("-d", d, "--repeat", "0", w.toString()), "--repeat: 0 is not a number of rounds; allowed: 1 to 1000");
        assertUserError(BenchmarkCli.run("--repeat", "2", "--suite", dir.resolve("s.yaml").toString()),
                "--repeat goes with drivers and workloads given on the command line; a suite runs each of its points once");
        BenchmarkCli ok = BenchmarkCli.run("-d", d, "--repeat", "3", "--validate", w.toString());
        assertEquals(0, ok.exitCode, ok.err());
        assertTrue(ok.out().contains("(3 run(s)) are valid"), ok.out());
    }

    @Test
    void metricsPortMistakes() throws Exception {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        String d = driver().toString();
        assertUserError(BenchmarkCli.run("-d", d, "--metrics-port", "70000", w.toString()), "--metrics-port: 70000 is not a port; allowed: 0 to 65535");
        assertUserError(BenchmarkCli.run("-d", d, "--metrics-port", "-1", w.toString()), "--metrics-port: -1 is not a port");
        assertUserError(BenchmarkCli.run("-d", d, "--metrics-port", "http", w.toString()), "Invalid value for option '--metrics-port': 'http' is not an int");
        assertUserError(BenchmarkCli.run("-d", d, "--metrics-port", "0", "-w", "http://127.0.0.1:1", w.toString()),
                "--metrics-port serves a local run's worker; remote workers serve their own (bin/benchmark-worker --stats-port)");
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertUserError(BenchmarkCli.run("-d", d, "-o", dir.resolve("out").toString(), "--metrics-port", String.valueOf(taken.getLocalPort()), w.toString()),
                    "cannot listen for the --metrics-port page on 127.0.0.1:" + taken.getLocalPort());
        }
    }

    @Test
    void validateChecksEveryFileAndRunsNothing() {
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD);
        BenchmarkCli ok = BenchmarkCli.run("-d", driver().toString(), "--validate", "-o", dir.resolve("out").toString(), w.toString());
        assertEquals(0, ok.exitCode, ok.err());
        assertTrue(ok.out().contains("ok: 1 driver file(s) and 1 workload file(s) (1 run(s)) are valid"), ok.out());
        assertTrue(Files.notExists(dir.resolve("out")));

        Path bad = TempFiles.write(dir, "bad.yaml", WORKLOAD.replace("topics: 1", "topics: 0"));
        assertUserError(BenchmarkCli.run("-d", driver().toString(), "--validate", w.toString(), bad.toString()), bad + ": field 'topics' is 0");
    }

    @Test
    void helpReadsWell() {
        BenchmarkCli help = BenchmarkCli.run("--help");
        assertEquals(0, help.exitCode);
        for (String expected : new String[] {"-d, --drivers", "--duration", "--warmup", "--validate", "-c, --csv",
                "-w, --workers", "-wf, --workers-file", "-x, --extra", "--placement", "--token-file", "-o, --output", "Exit status"}) {
            assertTrue(help.out().contains(expected), "help mentions " + expected + ":\n" + help.out());
        }
    }

    @Test
    void moreThanAWorkerCanHoldIsRefusedAtOnceAndNothingRuns() {
        Path huge = TempFiles.write(dir, "huge.yaml", WORKLOAD.replace("topics: 1", "topics: 100000000"));
        long start = System.nanoTime();
        BenchmarkCli runner = run(driver(), huge);
        assertUserError(runner, huge + ": workload 'w': 100,000,000 topics; a run holds at most 1,000,000");
        assertTrue((System.nanoTime() - start) / 1e9 < 2, "refused before any topic was made");
        assertTrue(!runner.out().contains("-- initialize"), runner.out());

        Path producers = TempFiles.write(dir, "producers.yaml", WORKLOAD.replace("producersPerTopic: 1", "producersPerTopic: 20000"));
        assertUserError(run(driver(), producers), producers + ": workload 'w': 20,000 producers, 20,000 for each of 1 producing"
                + " worker(s); a worker holds at most 10,000 (one sender thread each): use fewer producers or more workers (-w)");
        Path partitions = TempFiles.write(dir, "partitions.yaml", WORKLOAD.replace("topics: 1", "topics: 1000")
                .replace("partitionsPerTopic: 1", "partitionsPerTopic: 5000"));
        assertUserError(run(driver(), partitions), partitions + ": workload 'w': 5,000,000 partitions (1,000 topics x 5,000)");
        Path consumers = TempFiles.write(dir, "consumers.yaml", WORKLOAD.replace("consumerPerSubscription: 1", "consumerPerSubscription: 10001"));
        assertUserError(run(driver(), consumers), consumers + ": workload 'w': 10,001 consumers, 10,001 for each of 1 consuming worker(s)");
        // --validate does not know how many workers a run will have: per-worker bounds wait for the run.
        assertEquals(0, BenchmarkCli.run("-d", driver().toString(), "--validate", producers.toString()).exitCode);
        // Bounds that no number of workers lifts are --validate's too.
        assertUserError(BenchmarkCli.run("--validate", huge.toString()), huge + ": workload 'w': 100,000,000 topics; a run holds at most 1,000,000");
        assertUserError(BenchmarkCli.run("--validate", partitions.toString()), partitions + ": workload 'w': 5,000,000 partitions");
    }

    @Test
    void validateChecksWorkloadFilesWithoutADriverFile() {
        Path good = TempFiles.write(dir, "good.yaml", WORKLOAD);
        BenchmarkCli ok = BenchmarkCli.run("--validate", good.toString());
        assertEquals(0, ok.exitCode, ok.err());
        assertTrue(ok.out().startsWith("ok: 0 driver file(s) and 1 workload file(s)"), ok.out());
        Path w = TempFiles.write(dir, "w.yaml", WORKLOAD + "producerRat: 5\n");
        assertUserError(BenchmarkCli.run("--validate", w.toString()), w + ": unknown field 'producerRat'");
        assertUserError(BenchmarkCli.run(good.toString()), "no driver file: give one with -d <driver.yaml>");
    }

    private Path driver() {
        return TempFiles.write(dir, "driver.yaml", DRIVER);
    }

    private BenchmarkCli run(Path driver, Path workload) {
        return BenchmarkCli.run("-d", driver.toString(), "-o", dir.resolve("out").toString(), workload.toString());
    }

    private static void assertUserError(BenchmarkCli runner, String expectedStart) {
        assertEquals(ExitCodes.USER_ERROR, runner.exitCode, "exit status; stderr: " + runner.err() + " stdout: " + runner.out());
        String err = runner.err();
        assertEquals(1, err.lines().count(), "exactly one line on stderr: " + err);
        assertTrue(err.startsWith("error: " + expectedStart), "stderr: " + err);
    }
}
