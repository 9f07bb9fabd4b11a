package io.mqbench.cli;

import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.result.ResultFiles;
import io.mqbench.result.RunEnd;
import io.mqbench.result.TestResult;
import io.mqbench.suite.SuiteFile;
import io.mqbench.suite.SuiteManifest;
import io.mqbench.worker.Worker;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Runs a suite into {@code <results>/<suite>/<run-id>/}. A suite run that did not finish is
 * resumed by the next run of the same suite (with the same command-line overrides): points
 * already measured completely are skipped, the rest run, and results of interrupted attempts move
 * to {@code superseded/} so charts see one result per point. {@code --rerun} starts a new run.
 */
final class SuiteRun {
    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH-mm-ss");

    private final SuiteFile suite;
    private final RunPlan plan;
    private final Path suiteFolder;
    private final Command command;
    private final boolean rerun;
    private final PrintStream out;
    private final StopSignal stop;
    private final Function<RunPoint, Worker> workers;
    private final int liveSeconds;

    /**
     * How this suite was started: {@code base} runs it again on the same workers; {@code
     * measurementOptions} ({@code --duration}, {@code --warmup}, {@code --set}) change what its
     * points measure, so a run is only resumed by a command with the same ones.
     */
    record Command(String base, String measurementOptions) {
        String with(String options) {
            return options == null || options.isEmpty() ? base : base + " " + options;
        }

        String full() {
            return with(measurementOptions);
        }
    }

    SuiteRun(SuiteFile suite, RunPlan plan, Path resultsRoot, Command command, boolean rerun, PrintStream out, StopSignal stop,
             Function<RunPoint, Worker> workers, int liveSeconds) {
        this.suite = suite;
        this.plan = plan;
        this.suiteFolder = resultsRoot.resolve(suite.name());
        this.command = command;
        this.rerun = rerun;
        this.out = out;
        this.stop = stop;
        this.workers = workers;
        this.liveSeconds = liveSeconds;
    }

    int run(PlanRunner.FailOn failOn) throws Exception {
        Path folder = rerun ? null : unfinishedRun();
        SuiteManifest manifest;
        if (folder == null) {
            folder = suiteFolder.resolve(RUN_ID.format(LocalDateTime.now()));
            Files.createDirectories(folder);
            manifest = new SuiteManifest();
            manifest.suite = suite.name();
            manifest.suiteFile = suite.file().getPath();
            manifest.runId = folder.getFileName().toString();
            manifest.overrides = command.measurementOptions();
        } else {
            manifest = SuiteManifest.read(folder);
        }
        List<RunPoint> all = plan.points();
        List<RunPoint> pending = new ArrayList<>();
        for (RunPoint point : all) {
            SuiteManifest.Point entry = entryFor(manifest, point);
            if (!isDone(folder, entry)) {
                supersede(folder, entry);
                pending.add(point);
            }
        }
        manifest.write(folder);
        out.printf("suite '%s', run %s: %d point(s), %d already measured, %d to run%n  results: %s%n",
                suite.name(), manifest.runId, all.size(), all.size() - pending.size(), pending.size(), folder);
        if (!pending.isEmpty()) {
            out.println("  takes " + SuiteEstimate.of(pending).describe());
        }

        Path runFolder = folder;
        List<BenchmarkRun.Outcome> outcomes = new PlanRunner(out, stop, workers, liveSeconds).run(pending, folder, done -> {
            SuiteManifest.Point entry = entryFor(manifest, done.point());
            entry.status = done.outcome().status().label();
            entry.result = done.outcome().file() == null ? null : done.outcome().file().getFileName().toString();
            writeQuietly(manifest, runFolder);
        });
        manifest.finished = all.stream().allMatch(p -> isDone(runFolder, entryFor(manifest, p)));
        manifest.write(folder);

        SummaryTable.print(out, allOutcomes(folder, manifest, all));
        new ChartsStep(out).run(folder);
        if (!manifest.finished) {
            out.println((stop.stopped() ? "stopped; to resume the suite where it stopped: "
                    : "the suite is not finished; to measure what is missing: ") + command.full());
        }
        return PlanRunner.exitCode(outcomes, stop, failOn);
    }

    /**
     * The newest run folder of this suite that has points left, measured with the same options.
     * When the newest unfinished one was measured with other options, says so and how to resume
     * it, since this command then starts a new run.
     */
    private Path unfinishedRun() throws IOException {
        if (!Files.isDirectory(suiteFolder)) {
            return null;
        }
        Map<Path, String> unfinished = new LinkedHashMap<>(); // newest first, with each run's options
        try (Stream<Path> runs = Files.list(suiteFolder)) {
            runs.filter(SuiteManifest::exists)
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
                    .forEach(folder -> {
                        String options = optionsOfUnfinished(folder);
                        if (options != null) {
                            unfinished.put(folder, options);
                        }
                    });
        }
        for (Map.Entry<Path, String> run : unfinished.entrySet()) {
            if (command.measurementOptions().equals(run.getValue())) {
                return run.getKey();
            }
        }
        if (!unfinished.isEmpty()) {
            Map.Entry<Path, String> newest = unfinished.entrySet().iterator().next();
            String theirs = newest.getValue();
            out.println("note: " + newest.getKey() + " is an unfinished run of this suite measured with "
                    + (theirs.isEmpty() ? "no options" : "'" + theirs + "'") + ", not "
                    + (command.measurementOptions().isEmpty() ? "without options" : "'" + command.measurementOptions() + "'")
                    + "; this command starts a new run (to resume that one: " + command.with(theirs) + ")");
        }
        return null;
    }

    /** The measurement options of an unfinished run ("" for none), or null for a finished or unreadable one. */
    private String optionsOfUnfinished(Path folder) {
        try {
            SuiteManifest manifest = SuiteManifest.read(folder);
            return manifest.finished ? null : manifest.overrides == null ? "" : manifest.overrides;
        } catch (IOException e) {
            out.println("ignoring " + folder + ": unreadable " + e.getMessage());
            return null;
        }
    }

    private static SuiteManifest.Point entryFor(SuiteManifest manifest, RunPoint point) {
        SuiteManifest.Point entry = manifest.point(point.key());
        if (entry == null) {
            entry = new SuiteManifest.Point();
            entry.key = point.key();
            entry.driver = point.driver().name();
            entry.workload = point.workload().workload().name;
            manifest.points.add(entry);
        }
        return entry;
    }

    private static boolean isDone(Path folder, SuiteManifest.Point entry) {
        return "complete".equals(entry.status) && entry.result != null && Files.isRegularFile(folder.resolve(entry.result));
    }

    /** Moves the result of an interrupted attempt aside, so each point keeps one result. */
    private void supersede(Path folder, SuiteManifest.Point entry) throws IOException {
        if (entry.result != null && Files.isRegularFile(folder.resolve(entry.result))) {
            Path aside = Files.createDirectories(folder.resolve("superseded"));
            Files.move(folder.resolve(entry.result), aside.resolve(entry.result), StandardCopyOption.REPLACE_EXISTING);
            out.println("  earlier " + entry.status + " result of '" + entry.workload + "' on '" + entry.driver + "' moved to superseded/");
        }
        entry.status = null;
        entry.result = null;
    }

    /** Every point's outcome for the final table, reading back the results measured earlier. */
    private List<BenchmarkRun.Outcome> allOutcomes(Path folder, SuiteManifest manifest, List<RunPoint> all) {
        List<BenchmarkRun.Outcome> outcomes = new ArrayList<>();
        for (RunPoint point : all) {
            SuiteManifest.Point entry = entryFor(manifest, point);
            if (entry.result == null) {
                continue;
            }
            File file = folder.resolve(entry.result).toFile();
            try {
                TestResult result = ResultFiles.mapper().readValue(file, TestResult.class);
                outcomes.add(new BenchmarkRun.Outcome(result, file.toPath(), RunEnd.Status.of(entry.status)));
            } catch (IOException | IllegalArgumentException e) {
                out.println("cannot read " + file + ": " + e.getMessage());
            }
        }
        return outcomes;
    }

    private void writeQuietly(SuiteManifest manifest, Path folder) {
        try {
            manifest.write(folder);
        } catch (IOException e) {
            out.println("could not update " + folder.resolve("suite.json") + ": " + e.getMessage());
        }
    }
}
