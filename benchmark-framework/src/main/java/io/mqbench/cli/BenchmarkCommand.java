package io.mqbench.cli;

import io.mqbench.Version;
import io.mqbench.config.DurationParser;
import io.mqbench.config.SetOverrides;
import io.mqbench.config.UserError;
import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.coordinator.Console;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.result.CsvSummary;
import io.mqbench.suite.SuiteFile;
import io.mqbench.worker.LocalWorker;
import io.mqbench.worker.Worker;
import io.mqbench.worker.ensemble.Placement;
import io.mqbench.worker.ensemble.RemoteWorkers;
import io.mqbench.worker.protocol.WorkerToken;
import java.io.File;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bin/benchmark}: OMB's command line, plus mqbench's quick-trial and checking options. */
@Command(
        name = "benchmark",
        mixinStandardHelpOptions = true,
        versionProvider = BenchmarkCommand.VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Runs message-queue benchmarks: every driver against every workload, one JSON result per run.",
        synopsisHeading = "%nUsage: ",
        customSynopsis = {
            "bin/benchmark -d <driver.yaml>[,<driver.yaml>...] [options] <workload.yaml>...",
            "       bin/benchmark --suite <suite.yaml> [--rerun] [options]",
            "       bin/benchmark --csv <results folder>"
        },
        description = {
            "",
            "Workloads and driver files use OpenMessaging Benchmark's format; OMB's own files work unchanged.",
            "Every file is checked before anything runs. A live line every 10 s shows rates, backlog and",
            "latencies. Ctrl-C or SIGTERM stops the load and saves what was measured, marked partial.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%nExamples:%n",
        footer = {
            "  bin/benchmark -d driver-loopback/loopback.yaml workloads/simple/1-topic-1-partition-1kb.yaml --duration 20s --warmup 5s",
            "  bin/benchmark -d driver-loopback/loopback.yaml --set workload.messageSize=100 --set workload.producerRate=1000 workloads/quick/1-topic-1kb-10k.yaml",
            "  bin/benchmark -d driver-loopback/loopback.yaml --validate workloads/simple/*.yaml",
            "  bin/benchmark --suite suites/paper-2023.yaml --duration 30s",
            "  bin/benchmark -d driver-kafka/kafka-local.yaml -w http://h1:8080,http://h2:8080 workloads/simple/1-topic-1-partition-1kb.yaml",
            "  bin/benchmark --csv results/",
        },
        // Constant expressions, so the list follows ExitCodes; the man page's EXIT STATUS too.
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            ExitCodes.OK + ":every run complete (or the check, summary or script asked for done)",
            ExitCodes.RUN_FAILED + ":a run failed (its result is still written, marked partial or aborted),"
                    + " or had failed sends or lost messages with --fail-on-errors / --fail-on-loss",
            ExitCodes.USER_ERROR + ":a mistake in the command line or a file; nothing runs",
            ExitCodes.INTERRUPTED + ":stopped with Ctrl-C (what was measured is saved, marked partial)",
            ExitCodes.TERMINATED + ":stopped with SIGTERM (saved as with Ctrl-C)",
        })
final class BenchmarkCommand implements Callable<Integer> {

    @Option(names = {"-d", "--drivers"}, split = ",", paramLabel = "<driver.yaml>",
            description = "Driver files (comma-separated or repeated); each runs every workload.")
    List<File> drivers = new ArrayList<>();

    @Parameters(paramLabel = "<workload.yaml>", arity = "0..*", description = "Workload files, run in the order given.")
    List<File> workloads = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "<folder>", defaultValue = "results",
            description = "Folder for result files (default: ${DEFAULT-VALUE}).")
    File output;

    @Option(names = "--duration", paramLabel = "<time>",
            description = "Measured phase length for every workload, e.g. 30s, 5m (overrides the files).")
    String duration;

    @Option(names = "--warmup", paramLabel = "<time>",
            description = "Warm-up length for every workload, e.g. 5s, 0s (overrides the files).")
    String warmup;

    @Option(names = "--set", paramLabel = "<file.field=value>",
            description = "Change a field of every workload (workload.messageSize=100) or driver file (driver.prefetch=500,"
                    + " driver.producerConfig.linger.ms=5); repeatable. Driver files also take $${ENV} and $${ENV:-default}.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "<n>",
            description = "Run every driver and workload n times, in rounds (each round runs them all, so drivers alternate),"
                    + " and say how far apart the repeats' publish rates and end-to-end p99 came out.")
    Integer repeat;

    @Option(names = "--validate", description = "Check every driver and workload file, then exit.")
    boolean validate;

    @Option(names = "--completion", description = "Print a bash completion script for bin/benchmark and exit:"
            + " source <(bin/benchmark --completion)")
    boolean completion;

    @Spec
    CommandSpec spec;

    @Option(names = "--suite", paramLabel = "<suite.yaml>",
            description = "Run a suite (drivers x workloads from the file) into <output>/<suite>/<run-id>/; resumes an unfinished run.")
    File suite;

    @Option(names = "--rerun", description = "With --suite: start a new run instead of resuming the unfinished one.")
    boolean rerun;

    @Option(names = {"-c", "--csv"}, paramLabel = "<folder>",
            description = "Write a CSV summary of the result files in <folder> and exit.")
    File csv;

    @Option(names = {"-w", "--workers"}, split = ",", paramLabel = "<url>",
            description = "Remote workers (bin/benchmark-worker), e.g. http://h1:8080,http://h2:8080.")
    List<String> workers = new ArrayList<>();

    @Option(names = {"-wf", "--workers-file"}, paramLabel = "<workers.yaml>",
            description = "A file listing remote workers, in OMB's format: a YAML list of URLs under the key workers.")
    File workersFile;

    @Option(names = {"-x", "--extra"}, description = "With split placement: a third of the workers produce, two thirds consume (backlog drains).")
    boolean extraConsumers;

    @Option(names = "--placement", paramLabel = "split|colocated",
            description = "With remote workers: split (default, OMB's: producer workers and consumer workers) or colocated"
                    + " (each worker runs the producers and consumers of its own topics).")
    Placement placement;

    @Option(names = "--token-file", paramLabel = "<file>",
            description = "With remote workers: the token file the workers were started with (bin/benchmark-worker --token-file).")
    Path tokenFile;

    @Option(names = "--fail-on-errors", description = "Exit with 1 if any run had failed sends (they are warnings otherwise).")
    boolean failOnErrors;

    @Option(names = "--fail-on-loss", description = "Exit with 1 if any confirmed message was lost or not received (a warning otherwise).")
    boolean failOnLoss;

    @Option(names = "--live-interval", paramLabel = "<time>",
            description = "Print the live line this often (whole seconds, e.g. 1s); default: once per 10-s period, as OMB.")
    String liveInterval;

    @Option(names = "--metrics-port", paramLabel = "<port>",
            description = "Serve the local worker's Prometheus page on http://127.0.0.1:<port>/metrics while the runs last"
                    + " (0 picks a free port; remote workers have bin/benchmark-worker --stats-port).")
    Integer metricsPort;

    @Option(names = {"-v", "--verbose"}, description = "Show driver logs and stack traces.")
    boolean verbose;

    private final PrintStream out;
    private final StopSignal stop;

    BenchmarkCommand(PrintStream out, StopSignal stop) {
        this.out = out;
        this.stop = stop;
    }

    @Override
    public Integer call() throws Exception {
        if (completion) {
            out.print(BashCompletion.of(spec.commandLine()));
            return ExitCodes.OK;
        }
        if (csv != null) {
            if (!drivers.isEmpty() || !workloads.isEmpty() || suite != null) {
                throw new UserError("--csv summarises the results already in a folder; give it alone, without -d, --suite or workload files");
            }
            Path written = CsvSummary.write(csv.toPath());
            out.println("wrote " + written);
            return ExitCodes.OK;
        }
        liveSeconds(); // a wrong --live-interval is a mistake before anything is read or run
        if (metricsPort != null) {
            Ports.check(metricsPort, "--metrics-port");
        }
        int rounds = rounds();
        if (suite != null) {
            if (repeat != null) {
                throw new UserError("--repeat goes with drivers and workloads given on the command line; a suite runs each of its points"
                        + " once (run it again with --rerun for another round)");
            }
            return runSuite();
        }
        if (rerun) {
            throw new UserError("--rerun goes with --suite");
        }
        if (drivers.isEmpty() && !(validate && !workloads.isEmpty())) {
            throw new UserError("no driver file: give one with -d <driver.yaml>, e.g. -d driver-loopback/loopback.yaml");
        }
        if (workloads.isEmpty()) {
            throw new UserError("no workload file: give one or more after the options, e.g. workloads/simple/1-topic-1-partition-1kb.yaml");
        }
        List<URI> workerUrls = workerUrls();
        RunPlan plan = RunPlan.load(drivers, workloads, parseDuration(duration, "--duration", 1), parseDuration(warmup, "--warmup", 0),
                SetOverrides.parse(sets), !workerUrls.isEmpty());
        plan.remoteOnlyNotes().forEach(out::println);
        if (validate) {
            WorkerCapacity.checkForAnyWorkers(plan);
            out.printf("ok: %d driver file(s) and %d workload file(s) (%d run(s)) are valid%s%n",
                    plan.drivers().size(), workloads.size(), plan.rounds(rounds).size(), workersNote(workerUrls));
            return ExitCodes.OK;
        }
        Path folder = OutputFolder.prepare(output);
        try (LocalMetrics metrics = startMetrics()) {
            return runAll(plan.rounds(rounds), folder, workerSource(workerUrls, plan, metrics));
        }
    }

    /** {@code --metrics-port}'s page, or null without it. */
    private LocalMetrics startMetrics() {
        return metricsPort == null ? null : LocalMetrics.start(metricsPort, out);
    }

    /** The workers named by -w or -wf (empty: the local worker), and the options that go with them. */
    private List<URI> workerUrls() {
        if (!workers.isEmpty() && workersFile != null) {
            throw new UserError("give the workers with --workers or with --workers-file, not both");
        }
        List<URI> urls = workersFile != null ? WorkerAddresses.fromFile(workersFile) : WorkerAddresses.fromOption(workers);
        if (!urls.isEmpty() && metricsPort != null) {
            throw new UserError("--metrics-port serves a local run's worker; remote workers serve their own (bin/benchmark-worker --stats-port)");
        }
        if (urls.isEmpty()) {
            String stray = extraConsumers ? "--extra" : placement != null ? "--placement" : tokenFile != null ? "--token-file" : null;
            if (stray != null) {
                throw new UserError(stray + " goes with remote workers (--workers or --workers-file)");
            }
        }
        if (extraConsumers && placement == Placement.COLOCATED) {
            throw new UserError("--extra applies to the split placement; with --placement colocated every worker produces and consumes");
        }
        return urls;
    }

    private static String workersNote(List<URI> urls) {
        return urls.isEmpty() ? "" : "; " + urls.size() + " worker URL(s) (not contacted: --validate runs nothing)";
    }

    /** The local worker, or an ensemble of the remote workers, checked before anything runs. */
    private Function<RunPoint, Worker> workerSource(List<URI> urls, RunPlan plan, LocalMetrics metrics) {
        if (urls.isEmpty()) {
            WorkerCapacity.check(plan, 1, 1);
            return metrics == null ? point -> new LocalWorker() : metrics.workers();
        }
        WorkerToken token = tokenFile == null ? null : WorkerToken.load(tokenFile, "--token-file");
        RemoteWorkers remote = RemoteWorkers.connect(urls, token, placement == null ? Placement.SPLIT : placement, extraConsumers);
        DistributedChecks.check(remote, plan);
        WorkerCapacity.check(plan, remote.producingWorkers(), remote.consumingWorkers());
        out.println("workers: " + remote.identities().size() + ", " + remote.rolesDescription());
        return point -> remote.newEnsemble();
    }

    private int runSuite() throws Exception {
        if (!drivers.isEmpty() || !workloads.isEmpty()) {
            throw new UserError("--suite takes the drivers and workloads from " + suite + "; do not give -d or workload files with it");
        }
        SuiteFile loaded = SuiteFile.load(suite);
        List<URI> workerUrls = workerUrls();
        SetOverrides overrides = SetOverrides.parse(sets);
        RunPlan plan = RunPlan.load(loaded.drivers(), loaded.workloads(), parseDuration(duration, "--duration", 1),
                parseDuration(warmup, "--warmup", 0), overrides, !workerUrls.isEmpty());
        plan.remoteOnlyNotes().forEach(out::println);
        if (validate) {
            WorkerCapacity.checkForAnyWorkers(plan);
            out.printf("ok: suite %s with %d driver file(s) and %d workload point(s) is valid%s; it takes %s%n", loaded.name(),
                    plan.drivers().size(), plan.workloads().size(), workersNote(workerUrls), SuiteEstimate.of(plan.points()).describe());
            return ExitCodes.OK;
        }
        Path folder = OutputFolder.prepare(output);
        try (LocalMetrics metrics = startMetrics()) {
            return new SuiteRun(loaded, plan, folder, new SuiteRun.Command(suiteCommand(), measurementOptions()),
                    rerun, out, stop, workerSource(workerUrls, plan, metrics), liveSeconds()).run(failOn());
        }
    }

    /** The command that runs this suite again on the same workers, without the options that change what is measured. */
    private String suiteCommand() {
        List<String> words = new ArrayList<>(List.of("bin/benchmark", "--suite", suite.getPath()));
        if (!output.getPath().equals("results")) {
            words.addAll(List.of("-o", output.getPath()));
        }
        if (!workers.isEmpty()) {
            words.addAll(List.of("-w", String.join(",", workers)));
        }
        if (workersFile != null) {
            words.addAll(List.of("-wf", workersFile.getPath()));
        }
        if (placement != null) {
            words.addAll(List.of("--placement", placement.name().toLowerCase()));
        }
        if (extraConsumers) {
            words.add("-x");
        }
        if (tokenFile != null) {
            words.addAll(List.of("--token-file", tokenFile.toString()));
        }
        return ShellWords.join(words);
    }

    /** The options that change what a suite's points measure: a resumed run must have the same. */
    private String measurementOptions() {
        List<String> words = new ArrayList<>();
        if (duration != null) {
            words.addAll(List.of("--duration", duration));
        }
        if (warmup != null) {
            words.addAll(List.of("--warmup", warmup));
        }
        for (String set : sets) {
            words.addAll(List.of("--set", set));
        }
        return ShellWords.join(words);
    }

    private int runAll(List<RunPoint> points, Path folder, Function<RunPoint, Worker> workerSource) throws Exception {
        List<BenchmarkRun.Outcome> outcomes = new PlanRunner(out, stop, workerSource, liveSeconds()).run(points, folder, done -> {});
        SummaryTable.print(out, outcomes);
        RepeatSpread.lines(points, outcomes).forEach(out::println);
        return PlanRunner.exitCode(outcomes, stop, failOn());
    }

    private static final int MAX_ROUNDS = 1000;

    /** {@code --repeat}: how many rounds of runs (1 without it). */
    private int rounds() {
        if (repeat == null) {
            return 1;
        }
        if (repeat < 1 || repeat > MAX_ROUNDS) {
            throw new UserError("--repeat: " + repeat + " is not a number of rounds; allowed: 1 to " + MAX_ROUNDS);
        }
        return repeat;
    }

    private PlanRunner.FailOn failOn() {
        return new PlanRunner.FailOn(failOnErrors, failOnLoss);
    }

    private int liveSeconds() {
        Duration interval = parseDuration(liveInterval, "--live-interval", 1);
        return interval == null ? Console.DEFAULT_LIVE_SECONDS : (int) Math.min(interval.toSeconds(), 3600);
    }

    private static Duration parseDuration(String text, String option, int minimumSeconds) {
        if (text == null) {
            return null;
        }
        Duration parsed = DurationParser.parse(text, option);
        if (parsed.toSeconds() < minimumSeconds || parsed.toMillis() % 1000 != 0) {
            throw new UserError(option + ": '" + text + "' must be whole seconds, at least " + minimumSeconds + "s");
        }
        return parsed;
    }

    static final class VersionProvider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"mqbench " + Version.current()};
        }
    }
}
