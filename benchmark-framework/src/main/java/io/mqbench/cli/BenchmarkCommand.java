package io.mqbench.cli;

import io.mqbench.config.DurationParser;
import io.mqbench.config.UserError;
import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.coordinator.Version;
import io.mqbench.result.CsvSummary;
import io.mqbench.suite.SuiteFile;
import java.nio.file.Path;
import java.io.File;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
            "latencies. Ctrl-C stops the load and saves what was measured, marked partial.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%nExamples:%n",
        footer = {
            "  bin/benchmark -d driver-loopback/loopback.yaml workloads/simple/1-topic-1-partition-1kb.yaml --duration 20s --warmup 5s",
            "  bin/benchmark -d driver-loopback/loopback.yaml --validate workloads/simple/*.yaml",
            "  bin/benchmark --suite suites/paper-2023.yaml --duration 30s",
            "  bin/benchmark --csv results/",
            "",
            "Exit status: 0 all runs complete, 1 a run failed, 2 a mistake in the command or a file, 130 stopped with Ctrl-C."
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

    @Option(names = "--validate", description = "Check every driver and workload file, then exit.")
    boolean validate;

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

    @Option(names = {"-wf", "--workers-file"}, paramLabel = "<workers.yaml>", description = "A file listing remote workers.")
    File workersFile;

    @Option(names = {"-x", "--extra"}, description = "With remote workers: use extra consumer workers (backlog drains).")
    boolean extraConsumers;

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
        if (csv != null) {
            Path written = CsvSummary.write(csv.toPath());
            out.println("wrote " + written);
            return ExitCodes.OK;
        }
        if (!workers.isEmpty() || workersFile != null || extraConsumers) {
            throw new UserError("--workers, --workers-file and --extra: distributed workers are not available in this"
                    + " version yet; run without them to use the local worker");
        }
        if (suite != null) {
            return runSuite();
        }
        if (rerun) {
            throw new UserError("--rerun goes with --suite");
        }
        if (drivers.isEmpty()) {
            throw new UserError("no driver file: give one with -d <driver.yaml>, e.g. -d driver-loopback/loopback.yaml");
        }
        if (workloads.isEmpty()) {
            throw new UserError("no workload file: give one or more after the options, e.g. workloads/simple/1-topic-1-partition-1kb.yaml");
        }
        RunPlan plan = RunPlan.load(drivers, workloads, parseDuration(duration, "--duration", 1), parseDuration(warmup, "--warmup", 0));
        if (validate) {
            out.printf("ok: %d driver file(s) and %d workload file(s) (%d run(s)) are valid%n",
                    plan.drivers().size(), workloads.size(), plan.points().size());
            return ExitCodes.OK;
        }
        return runAll(plan);
    }

    private int runSuite() throws Exception {
        if (!drivers.isEmpty() || !workloads.isEmpty()) {
            throw new UserError("--suite takes the drivers and workloads from " + suite + "; do not give -d or workload files with it");
        }
        SuiteFile loaded = SuiteFile.load(suite);
        RunPlan plan = RunPlan.load(loaded.drivers(), loaded.workloads(), parseDuration(duration, "--duration", 1), parseDuration(warmup, "--warmup", 0));
        if (validate) {
            out.printf("ok: suite %s with %d driver file(s) and %d workload point(s) is valid%n", loaded.name(), plan.drivers().size(), plan.workloads().size());
            return ExitCodes.OK;
        }
        String overrides = (duration == null ? "" : "--duration " + duration) + (warmup == null ? "" : " --warmup " + warmup);
        return new SuiteRun(loaded, plan, output.toPath(), overrides.trim(), rerun, out, stop).run();
    }

    private int runAll(RunPlan plan) throws Exception {
        List<BenchmarkRun.Outcome> outcomes = new PlanRunner(out, stop).run(plan.points(), output.toPath(), done -> {});
        SummaryTable.print(out, outcomes);
        return PlanRunner.exitCode(outcomes, stop);
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
