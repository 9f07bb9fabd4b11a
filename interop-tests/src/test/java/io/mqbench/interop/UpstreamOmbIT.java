package io.mqbench.interop;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.testing.BenchmarkCli;
import io.mqbench.testing.JavaProcess;
import io.mqbench.testing.TempFiles;
import io.mqbench.testing.TimingRetry;
import java.io.File;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.function.Executable;

/**
 * mqbench against a real build of upstream OpenMessaging Benchmark, in every direction the
 * mission promises: mqbench's drop-in driver jars inside upstream's local benchmark, upstream's
 * coordinator driving mqbench workers, mqbench's coordinator driving upstream workers with an
 * upstream driver file, and each side reading the other's result files. Needs the brokers of
 * {@code bin/brokers} (Kafka, RabbitMQ, Artemis, Redis, NATS) and {@code MQBENCH_UPSTREAM_OMB}.
 *
 * <p>Upstream's runs last whole minutes, so they go a few at a time (light work: 1,000 or 200
 * msg/s of 1 KB each), in {@link #WAVES}. More at once starved them on two cores: all nine starved
 * the emulated Mongo server in CI (its consumer fell to half the rate), and six real brokers' jars
 * at once missed their rate in five runs of eight (Artemis' jar at 170-900 msg/s for 1,000 the whole
 * minute), each then run again alone: 10.8 minutes in all. A run that misses its rate still runs
 * again, alone, and must hold it then (printed, so it does not pass unseen). mqbench's own 30-s
 * run comes first and must hold its rate in every period.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UpstreamOmbIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** OMB's statistics period. */
    private static final double PERIOD_SECONDS = 10;
    private static final Path ROOT = TempFiles.repositoryRoot();
    private static final Path WORK = ROOT.resolve("interop-tests/target/interop");
    /** Upstream's coordinator driving two mqbench workers; the other keys are drop-in jars (driver modules). */
    private static final String MQBENCH_WORKERS = "mqbench-workers";
    /**
     * Upstream's runs, three at a time, each wave to its end before the next (a wave is a
     * minute and a quarter of the suite's time). The coordinator with two mqbench workers (three
     * JVMs) goes beside the two lightest brokers: beside the emulations its first periods were
     * 612 and 1,470 msg/s for 1,000. The two emulations (JVM servers busy at 200 msg/s) go in
     * different waves: RabbitMQ, ElasticMQ and mongo-java-server together missed their rates in
     * CI, all three, and ran again alone. Mosquitto (light, in C) joins RabbitMQ and ElasticMQ;
     * mongo-java-server joins Pulsar and RocketMQ, which held the rate together. Four at a time
     * (three waves, 80 s less) was tried on 2026-12-03 with the brokers otherwise idle: Mongo, SQS
     * and Pulsar missed (the emulations' consumers took 17-385 msg/s of their 200) and ran again
     * alone, 578 s in all against 332.
     */
    private static final List<List<String>> WAVES = List.of(
            List.of("kafka", "nats", MQBENCH_WORKERS),
            List.of("artemis", "amqp", "redis"),
            List.of("rabbitmq", "sqs", "mqtt"),
            List.of("pulsar", "rocketmq", "mongo"));
    /** Each drop-in jar's rate: 1,000 msg/s, 200 for the emulations (ElasticMQ, mongo-java-server) and for AMQP beside Artemis' core. */
    private static final Map<String, Integer> DROP_IN_DRIVERS = Map.ofEntries(Map.entry("kafka", 1000),
            Map.entry("rabbitmq", 1000), Map.entry("artemis", 1000), Map.entry("redis", 1000), Map.entry("nats", 1000),
            Map.entry("mqtt", 1000), Map.entry("pulsar", 1000), Map.entry("rocketmq", 1000),
            Map.entry("amqp", 200), Map.entry("sqs", 200), Map.entry("mongo", 200));

    private static UpstreamOmb upstream;
    private static final List<AutoCloseable> started = new ArrayList<>();
    /** Upstream's local runs with one drop-in jar each, by driver module name, and the run of upstream's coordinator. */
    private static final Map<String, UpstreamRun> upstreamRuns = new LinkedHashMap<>();

    @BeforeAll
    static void locateUpstream() throws Exception {
        upstream = UpstreamOmb.fromEnvironment();
        if (Files.exists(WORK)) { // kept after a run for a look at the logs; a new run starts afresh
            try (Stream<Path> old = Files.walk(WORK)) {
                for (Path path : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(WORK);
    }

    @AfterAll
    static void stopEverything() throws Exception {
        for (AutoCloseable process : started) {
            process.close();
        }
    }

    /** (c) mqbench's coordinator with two upstream workers, running upstream's own Kafka driver. */
    @Test
    @Order(1)
    void mqbenchsCoordinatorDrivesUpstreamWorkersWithAnUpstreamDriverFile() throws Exception {
        Path install = upstream.installInto(WORK.resolve("upstream-workers"));
        UpstreamOmb.UpstreamWorker first = upstream.worker(install, WORK.resolve("logs"), "upstream-worker-1");
        started.add(first);
        UpstreamOmb.UpstreamWorker second = upstream.worker(install, WORK.resolve("logs"), "upstream-worker-2");
        started.add(second);
        Path driver = TempFiles.write(WORK, "upstream-kafka.yaml", """
                name: Kafka-upstream-driver
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                topicConfig: |
                  min.insync.replicas=1
                commonConfig: |
                  bootstrap.servers=127.0.0.1:9092
                producerConfig: |
                  acks=all
                  linger.ms=1
                consumerConfig: |
                  auto.offset.reset=earliest
                  enable.auto.commit=false
                """);
        Path workload = TempFiles.write(WORK, "interop-2000.yaml", workload("interop-1kb-2000", 2000, null));
        String workers = first.url() + "," + second.url();

        // The periods' rates are timing: a run that missed them is made once more (TimingRetry).
        Path file = TimingRetry.twice("interop: mqbench's coordinator with upstream workers",
                attempt -> coordinatorRun(workers, driver, workload, WORK.resolve("mqbench-results-" + attempt)),
                run -> assertEquals("complete", resultOf(run).path("status").asText(), resultOf(run).toPrettyString()),
                run -> assertEveryPeriodAtTheRate(resultOf(run), 2000));
        JsonNode result = resultOf(file);
        assertEquals("Kafka-upstream-driver", result.path("driver").asText());
        // (d) upstream reads mqbench's result with its own TestResult class.
        Map<String, Object> read = readWithUpstreamsTestResult(file);
        assertEquals("Kafka-upstream-driver", read.get("driver"));
        assertEquals(JSON.convertValue(result.path("publishRate"), List.class), read.get("publishRate"));
        assertEquals(result.path("aggregatedEndToEndLatency99pct").asDouble(), (Double) read.get("aggregatedEndToEndLatency99pct"));
    }

    /** mqbench's coordinator on {@code workers} with an upstream driver file: its result file, in {@code results}. */
    private static Path coordinatorRun(String workers, Path driver, Path workload, Path results) {
        BenchmarkCli run = BenchmarkCli.run("-w", workers, "-d", driver.toString(),
                "--duration", "30s", "--warmup", "5s", "-o", results.toString(), workload.toString());
        assertEquals(0, run.exitCode, run.out() + run.err());
        assertTrue(run.out().contains("note: " + driver + ": io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver"
                + " is not on this machine's classpath"), run.out());
        assertTrue(run.out().contains("(upstream OMB): producers"), run.out());
        try {
            return BenchmarkCli.results(results).get(0);
        } catch (Exception e) {
            throw new AssertionError("no result in " + results + ": " + e, e);
        }
    }

    private static JsonNode resultOf(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (Exception e) {
            throw new AssertionError("cannot read " + file + ": " + e, e);
        }
    }

    /**
     * Every period at {@code rate}: short of it by at most 2.5 % (a period of 1,976 msg/s was seen
     * on a machine busy with other work), and above it by more than 1 % only as far as the period's
     * publish delay explains. Upstream's producers are open-loop: one that starts the measurement
     * behind its schedule (the warm-up lets it start up to 0.1 s of load behind, and a stall after
     * the warm-up adds more) sends as fast as it can until it is back on it, so an excess of N messages in a period comes with a publish
     * delay of about N / rate seconds (seen in CI: 2,170 msg/s for 2,000 in the first period). A send
     * counts when it is acknowledged (as in upstream), so acknowledgements that come late do the same
     * with a publish latency of about N / rate seconds (seen in CI: 2,586 msg/s for 2,000 in the first
     * period, sends on time, Kafka's acknowledgements 3.5 s behind them when the measurement began,
     * then caught up). An excess with neither is counted, not sent: the first period used to count
     * from the warm-up's last period on (+1.5 to 3 %, with no delay).
     */
    private static void assertEveryPeriodAtTheRate(JsonNode result, double rate) {
        JsonNode rates = result.path("publishRate");
        JsonNode delaysMicros = result.path("publishDelayLatencyMax");
        JsonNode latenciesMillis = result.path("publishLatencyMax");
        assertEquals(rates.size(), delaysMicros.size(), result.toPrettyString());
        assertEquals(rates.size(), latenciesMillis.size(), result.toPrettyString());
        for (int i = 0; i < rates.size(); i++) {
            double published = rates.get(i).asDouble();
            double excessSeconds = (published - rate * 1.01) * PERIOD_SECONDS / rate;
            double lateSeconds = Math.max(delaysMicros.get(i).asDouble() / 1e6, latenciesMillis.get(i).asDouble() / 1e3);
            String periods = "publish rate of every period " + rates + ", most publish delay (µs) " + delaysMicros
                    + ", most publish latency (ms) " + latenciesMillis;
            assertTrue(published >= rate * 0.975, periods);
            assertTrue(excessSeconds <= 0 || lateSeconds >= excessSeconds / 2, "period " + (i + 1) + " published "
                    + (published - rate) * PERIOD_SECONDS + " messages more than the rate with no catch-up to explain it: " + periods);
        }
    }

    /** (a) Each drop-in jar alone in upstream's lib/, run by upstream's local benchmark (SQS on ElasticMQ, Mongo on mongo-java-server, AMQP 1.0 on Artemis too). */
    @Test
    @Order(2)
    void eachDropInJarRunsInUpstreamsLocalBenchmark() throws Exception {
        assertEquals(driverModulesWithALocalFile(), new TreeSet<>(DROP_IN_DRIVERS.keySet()),
                "every driver module's drop-in jar runs here: add a new one to DROP_IN_DRIVERS and WAVES");
        SortedSet<String> inWaves = WAVES.stream().flatMap(List::stream).filter(key -> !key.equals(MQBENCH_WORKERS))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(DROP_IN_DRIVERS.keySet()), inWaves, "each drop-in jar runs in one of the WAVES");
        startUpstreamRuns();
        List<Executable> checks = new ArrayList<>();
        DROP_IN_DRIVERS.forEach((driver, rate) -> checks.add(() -> assertHeldTheRate(driver, rate)));
        assertAll(checks);
    }

    /** (b) Upstream's coordinator with two mqbench workers running mqbench's Kafka driver. */
    @Test
    @Order(3)
    void upstreamsCoordinatorDrivesTwoMqbenchWorkers() throws Exception {
        startUpstreamRuns();
        assertHeldTheRate(MQBENCH_WORKERS, 1000);
    }

    /** (d) mqbench's readers take upstream's result files: the CSV summary and bin/compare. */
    @Test
    @Order(4)
    void mqbenchReadsUpstreamsResults() throws Exception {
        startUpstreamRuns();
        Path folder = Files.createDirectories(WORK.resolve("upstream-results"));
        for (UpstreamRun run : upstreamRuns.values()) {
            run.awaitResult();
            Files.copy(run.result, folder.resolve(run.result.getFileName()));
        }
        BenchmarkCli csv = BenchmarkCli.run("--csv", folder.toString());
        assertEquals(0, csv.exitCode, csv.out() + csv.err());
        Path summary;
        try (Stream<Path> files = Files.list(folder)) {
            summary = files.filter(p -> p.getFileName().toString().startsWith("summary-")).findFirst().orElseThrow();
        }
        List<String> rows = Files.readAllLines(summary);
        assertEquals(1 + upstreamRuns.size(), rows.size(), String.join("\n", rows));

        Process compare = new ProcessBuilder(ROOT.resolve("bin/compare").toString(),
                upstreamRuns.get("kafka").result.toString(), upstreamRuns.get("redis").result.toString())
                .redirectErrorStream(true).start();
        String printed = new String(compare.getInputStream().readAllBytes());
        assertTrue(compare.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, compare.exitValue(), printed);
        assertTrue(printed.contains("publish rate") && printed.contains("Kafka-local") && printed.contains("Redis"), printed);
    }

    /**
     * Runs every one of upstream's runs the first time a test needs them, in {@link #WAVES}, so that a run
     * retried by {@link #assertHeldTheRate} has the machine to itself.
     */
    private static synchronized void startUpstreamRuns() throws Exception {
        if (!upstreamRuns.isEmpty()) {
            return;
        }
        Path workload = TempFiles.write(WORK, "interop-1000.yaml", workload("interop-1kb-1000", 1000, upstream.payload1Kb()));
        Path slowWorkload = TempFiles.write(WORK, "interop-200.yaml", workload("interop-1kb-200", 200, upstream.payload1Kb()));
        Path logs = WORK.resolve("logs");
        for (List<String> wave : WAVES) {
            for (String key : wave) {
                if (key.equals(MQBENCH_WORKERS)) {
                    start(key, attempt -> coordinatorWithTwoMqbenchWorkers(workload, logs, attempt));
                } else {
                    startDropIn(key, DROP_IN_DRIVERS.get(key) == 200 ? slowWorkload : workload, logs);
                }
            }
            for (String key : wave) {
                upstreamRuns.get(key).awaitResult();
            }
        }
    }

    /** Starts upstream's local benchmark with {@code driver}'s drop-in jar alone in its lib/. */
    private static void startDropIn(String driver, Path workload, Path logs) throws Exception {
        Path jar = ROOT.resolve("driver-" + driver + "/target/mqbench-driver-" + driver + "-omb.jar");
        Path driverFile = ROOT.resolve("driver-" + driver + "/" + driver + "-local.yaml");
        start(driver, attempt -> {
            String name = "upstream-with-" + driver + attempt;
            Path install = upstream.installInto(WORK.resolve(name), jar);
            Path result = install.resolve(name + ".json");
            JavaProcess process = upstream.benchmark(install, logs, "upstream-" + driver + attempt,
                    List.of("-d", driverFile.toString(), "-o", result.toString(), workload.toString()));
            started.add(process);
            return new UpstreamRun("upstream's benchmark with " + jar.getFileName() + attempt, process, result);
        });
    }

    /** The driver modules, by the name of their everyday driver file: driver-NAME/NAME-local.yaml. */
    private static SortedSet<String> driverModulesWithALocalFile() throws Exception {
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.map(module -> module.getFileName().toString())
                    .filter(name -> name.startsWith("driver-"))
                    .map(name -> name.substring("driver-".length()))
                    .filter(driver -> Files.isRegularFile(ROOT.resolve("driver-" + driver).resolve(driver + "-local.yaml")))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** Upstream's coordinator with two mqbench workers, running mqbench's Kafka driver. */
    private static UpstreamRun coordinatorWithTwoMqbenchWorkers(Path workload, Path logs, String attempt) throws Exception {
        JavaProcess worker1 = JavaProcess.worker(logs, "mqbench-worker-1" + attempt);
        started.add(worker1);
        JavaProcess worker2 = JavaProcess.worker(logs, "mqbench-worker-2" + attempt);
        started.add(worker2);
        Path install = upstream.installInto(WORK.resolve("upstream-coordinator" + attempt));
        Path result = install.resolve("upstream-coordinator-mqbench-workers" + attempt + ".json");
        JavaProcess coordinator = upstream.benchmark(install, logs, "upstream-coordinator" + attempt,
                List.of("-w", worker1.url() + "," + worker2.url(), "-d", ROOT.resolve("driver-kafka/kafka-local.yaml").toString(),
                        "-o", result.toString(), workload.toString()));
        started.add(coordinator);
        return new UpstreamRun("upstream's coordinator with two mqbench workers" + attempt, coordinator, result);
    }

    private static void start(String key, Launch launch) throws Exception {
        UpstreamRun run = launch.start("");
        run.launch = launch;
        upstreamRuns.put(key, run);
    }

    /**
     * The run named {@code key} held {@code rate}; if it did not, it runs again alone and that
     * attempt must hold it. The first attempts share two cores with a few other JVMs and
     * the brokers, and on a busy machine one of them can miss the rate for a whole minute (seen
     * in CI: RabbitMQ's jar at a median of 739 msg/s for 1,000, in every one of six periods);
     * a broken jar misses it alone too. The retry is printed, so it does not pass unseen.
     */
    private static void assertHeldTheRate(String key, double rate) throws Exception {
        UpstreamRun crowded = upstreamRuns.get(key);
        try {
            crowded.assertHeldTheRate(rate);
        } catch (AssertionError missed) {
            System.out.println("interop: " + key + " missed the rate beside the other runs, so it runs again alone: " + missed);
            UpstreamRun alone = crowded.launch.start("-alone");
            upstreamRuns.put(key, alone);
            try {
                alone.assertHeldTheRate(rate);
            } catch (AssertionError again) {
                again.addSuppressed(missed);
                throw again;
            }
            System.out.println("interop: " + key + " held the rate alone");
        }
    }

    /** Starts one of upstream's runs; {@code attempt} tells a retry's files and logs apart from the first attempt's. */
    @FunctionalInterface
    private interface Launch {
        UpstreamRun start(String attempt) throws Exception;
    }

    /** An OMB workload of 1 KB messages at {@code rate}, one minute (upstream counts whole minutes), no warm-up. */
    private static String workload(String name, int rate, Path payload) {
        return "name: " + name + "\n"
                + "topics: 1\npartitionsPerTopic: 1\nmessageSize: 1024\n"
                + (payload == null ? "" : "payloadFile: " + payload + "\n")
                + "subscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducersPerTopic: 1\n"
                + "producerRate: " + rate + "\nconsumerBacklogSizeGB: 0\n"
                + "warmupDurationMinutes: 0\ntestDurationMinutes: 1\n";
    }

    /** Upstream's TestResult, as upstream's own Jackson maps a result file onto it (unknown fields ignored). */
    private static Map<String, Object> readWithUpstreamsTestResult(Path file) throws Exception {
        try (URLClassLoader loader = upstream.classLoader()) {
            Class<?> mapperType = loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper");
            Class<?> featureType = loader.loadClass("com.fasterxml.jackson.databind.DeserializationFeature");
            Class<?> resultType = loader.loadClass("io.openmessaging.benchmark.TestResult");
            Object mapper = mapperType.getConstructor().newInstance();
            Object failOnUnknown = featureType.getField("FAIL_ON_UNKNOWN_PROPERTIES").get(null);
            mapperType.getMethod("configure", featureType, boolean.class).invoke(mapper, failOnUnknown, false);
            Object result = mapperType.getMethod("readValue", File.class, Class.class).invoke(mapper, file.toFile(), resultType);
            Map<String, Object> fields = new LinkedHashMap<>();
            for (String name : List.of("driver", "publishRate", "aggregatedEndToEndLatency99pct")) {
                fields.put(name, resultType.getField(name).get(result));
            }
            return fields;
        }
    }

    /** One upstream coordinator process and the result file it is to write. */
    private static final class UpstreamRun {
        final String what;
        final JavaProcess process;
        final Path result;
        /** How to run it again, alone (set once it has started). */
        Launch launch;

        UpstreamRun(String what, JavaProcess process, Path result) {
            this.what = what;
            this.process = process;
            this.result = result;
        }

        /**
         * Waits for the result file. Upstream's JVM sometimes stays up after writing it (a
         * non-daemon pool thread), so the process is stopped once the file is there.
         */
        void awaitResult() throws Exception {
            long deadline = System.currentTimeMillis() + 180_000;
            while (!Files.exists(result) || Files.size(result) == 0) {
                if (!process.isAlive() && !Files.exists(result)) {
                    throw new AssertionError(what + " ended without a result:\n" + tail(process.stdout()) + process.stderr());
                }
                if (System.currentTimeMillis() > deadline) {
                    throw new AssertionError(what + " wrote no result within 3 minutes:\n" + tail(process.stdout()));
                }
                Thread.sleep(500);
            }
            Thread.sleep(500); // upstream writes the file in place; let it finish
            process.close();
        }

        /**
         * The run held its rate: the median period within 2 % of it, publishing and consuming,
         * and as much consumed as published over the run (within 2 %). The median, not the
         * mean: these runs have no warm-up (upstream counts whole minutes), and a start-up
         * stall on a busy machine gives one slow period and one catch-up period (seen in CI:
         * 456 then 2,035 msg/s for 1,000) that move the mean by 10 % and say nothing of the driver.
         */
        void assertHeldTheRate(double rate) throws Exception {
            awaitResult();
            JsonNode json = JSON.readTree(result.toFile());
            List<Double> published = new ArrayList<>();
            json.path("publishRate").forEach(r -> published.add(r.asDouble()));
            List<Double> consumed = new ArrayList<>();
            json.path("consumeRate").forEach(r -> consumed.add(r.asDouble()));
            assertTrue(published.size() >= 5, what + ": " + published.size() + " periods: " + json);
            assertAll(
                    () -> assertEquals(rate, median(published), rate * 0.02, what + ": publish rate per period " + published),
                    () -> assertEquals(rate, median(consumed), rate * 0.02, what + ": consume rate per period " + consumed),
                    () -> assertEquals(sum(published), sum(consumed), sum(published) * 0.02,
                            what + ": consumed less than published, per period " + published + " and " + consumed));
        }

        private static double median(List<Double> values) {
            List<Double> sorted = values.stream().sorted().toList();
            int middle = sorted.size() / 2;
            return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
        }

        private static double sum(List<Double> values) {
            return values.stream().mapToDouble(Double::doubleValue).sum();
        }

        private static String tail(String text) {
            return text.length() <= 4000 ? text : text.substring(text.length() - 4000);
        }
    }
}
