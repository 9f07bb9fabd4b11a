package io.mqbench.coordinator;

import io.mqbench.config.DriverFile;
import io.mqbench.config.UserError;
import io.mqbench.faults.FaultSchedule;
import io.mqbench.result.ResultFiles;
import io.mqbench.result.RunEnd;
import io.mqbench.result.RunMetadata;
import io.mqbench.result.TestResult;
import io.mqbench.worker.Worker;
import io.mqbench.workload.Fault;
import io.mqbench.workload.Workload;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One driver × workload run: the phases of docs/architecture.md ("How a run flows") in order, then, whatever happened
 * once the load had started, the {@link Teardown}, and one JSON file marked complete, partial or aborted.
 */
public final class BenchmarkRun {
    private static final Logger log = LoggerFactory.getLogger(BenchmarkRun.class);

    /** What a run produced: its result, where it was written, and its status. */
    public record Outcome(TestResult result, Path file, RunEnd.Status status) {
        /** Sends that failed during the run (all of it, warm-up included). */
        public long sendErrors() {
            return FailureWarnings.sendErrors(result);
        }

        /** Confirmed messages that never arrived (lost, or not received when the drain ended). */
        public long undelivered() {
            return FailureWarnings.undelivered(result);
        }
    }

    private static final List<Phase> SETUP = List.of(
            new InitializeDriver(), new CreateTopics(), new CreateConsumers(), new CreateProducers(),
            new WaitForSubscriptions());
    private static final List<Phase> LOAD = List.of(new StartLoad(), new WarmUp(), new Measure());
    /** Run whatever happened once the load had started. */
    private static final List<Phase> TEARDOWN = List.of(new Teardown());

    /** Where a result goes, under the temporary folder, when the output folder cannot take it. */
    public static final String FALLBACK_FOLDER = "mqbench-results";

    private final RunContext ctx;
    private final Path outputFolder;

    public BenchmarkRun(Worker worker, DriverFile driver, Workload workload, File workloadFile, List<byte[]> payloads,
                        StopSignal stop, Console console, Path outputFolder) {
        this.ctx = new RunContext(worker, driver, workload, workloadFile, payloads, stop, console);
        this.outputFolder = outputFolder;
    }

    public Outcome execute() throws Exception {
        LocalDateTime startedAt = LocalDateTime.now();
        ctx.assembler.describe(new RunMetadata(ctx.workload, ctx.driver, ctx.workloadFile, ctx.mode.label(),
                ctx.worker.id() + ": driver, all topics, producers and consumers", Instant.now()));
        boolean loadStarted = false;
        RunEnd end = RunEnd.complete();
        try {
            if (ctx.workload.faults != null) {
                ctx.faults = FaultSchedule.prepare(Fault.parse(ctx.workloadFile.toString(), ctx.workload.faults,
                        ctx.workload.testDuration()), ctx.console::info);
            }
            runPhases(SETUP, true);
            loadStarted = true;
            runPhases(LOAD, false);
            if (ctx.shortOfWorkload != null) {
                end = new RunEnd(RunEnd.Status.PARTIAL, ctx.shortOfWorkload);
            }
        } catch (StopSignal.RunStopped stopped) {
            end = cut("stopped: " + stopped.getMessage());
        } catch (UserError e) {
            if (!loadStarted) {
                ctx.worker.stopAll();
                throw e;
            }
            end = cut(e.getMessage());
        } catch (Exception e) {
            log.debug("run failed", e);
            end = cut("failed: " + e.getMessage());
            ctx.console.phase("run failed: " + e.getMessage());
        }
        if (!loadStarted && !end.isComplete()) {
            // Nothing was sent: there is nothing to save, only the reason to report.
            ctx.worker.stopAll();
            ctx.assembler.endedBeforeLoad(end);
            return new Outcome(ctx.result, null, end.status());
        }
        ctx.end = end;
        runPhases(TEARDOWN, false);
        Path file = save(startedAt);
        ctx.console.phase("result (" + ctx.end.status().label() + "): " + file);
        return new Outcome(ctx.result, file, ctx.end.status());
    }

    /** A run cut short: partial once something was measured, else aborted. */
    private RunEnd cut(String reason) {
        return new RunEnd(ctx.measurementStarted ? RunEnd.Status.PARTIAL : RunEnd.Status.ABORTED, reason);
    }

    /**
     * Writes the result into the output folder; if that fails now (it was writable when the run
     * began: a full disk, a folder removed), into {@link #FALLBACK_FOLDER} under the temporary
     * folder, with a warning that says why, rather than losing the measurement.
     */
    private Path save(LocalDateTime startedAt) throws IOException {
        try {
            return ResultFiles.write(outputFolder, ctx.result, startedAt);
        } catch (IOException e) {
            Path fallback = Path.of(System.getProperty("java.io.tmpdir"), FALLBACK_FOLDER);
            ctx.warn("could not write the result to " + outputFolder + " (" + ResultFiles.describe(e) + "): saved it in " + fallback
                    + " instead");
            try {
                return ResultFiles.write(fallback, ctx.result, startedAt);
            } catch (IOException second) {
                e.addSuppressed(second);
                throw e;
            }
        }
    }

    /** {@code interruptible}: the setup's long driver calls give way to Ctrl-C at once (the load's waits already do). */
    private void runPhases(List<Phase> phases, boolean interruptible) throws Exception {
        for (Phase phase : phases) {
            ctx.console.phase(phase.title(ctx));
            if (interruptible) {
                ctx.stop.interruptibly(() -> phase.run(ctx));
            } else {
                phase.run(ctx);
            }
        }
    }

}
