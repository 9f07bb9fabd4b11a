package io.mqbench.cli;

import io.mqbench.coordinator.BenchmarkRun;
import io.mqbench.coordinator.Console;
import io.mqbench.coordinator.StopSignal;
import io.mqbench.result.RunEnd;
import io.mqbench.worker.LocalWorker;
import io.mqbench.worker.Worker;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** Runs points one after the other until done or stopped; used by plain runs and suites alike. */
final class PlanRunner {
    private final PrintStream out;
    private final StopSignal stop;
    private final Function<RunPoint, Worker> workers;
    private final int liveSeconds;

    PlanRunner(PrintStream out, StopSignal stop) {
        this(out, stop, point -> new LocalWorker());
    }

    /** @param workers makes the worker (local, or an ensemble of remote ones) of each run */
    PlanRunner(PrintStream out, StopSignal stop, Function<RunPoint, Worker> workers) {
        this(out, stop, workers, Console.DEFAULT_LIVE_SECONDS);
    }

    /** @param liveSeconds a live line every this many seconds ({@code --live-interval}) */
    PlanRunner(PrintStream out, StopSignal stop, Function<RunPoint, Worker> workers, int liveSeconds) {
        this.out = out;
        this.stop = stop;
        this.workers = workers;
        this.liveSeconds = liveSeconds;
    }

    /**
     * @param afterEach told of every finished point, e.g. to record it in a suite's manifest
     */
    List<BenchmarkRun.Outcome> run(List<RunPoint> points, Path output, Consumer<RunOutcome> afterEach) throws Exception {
        Console console = new Console(out, liveSeconds);
        List<BenchmarkRun.Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < points.size() && !stop.stopped(); i++) {
            RunPoint point = points.get(i);
            out.printf("%n== run %d of %d: workload '%s' on driver '%s'%s%n", i + 1, points.size(),
                    point.workload().workload().name, point.driver().name(), point.roundText());
            BenchmarkRun.Outcome outcome;
            try (Worker worker = workers.apply(point)) {
                BenchmarkRun run = new BenchmarkRun(worker, point.driver(), point.workload().workload(),
                        point.workload().file(), point.workload().payloads(), stop, console, output);
                outcome = run.execute();
            }
            ClientLog.summarizeNewLines(out);
            outcomes.add(outcome);
            afterEach.accept(new RunOutcome(point, outcome));
        }
        return outcomes;
    }

    /** A point and how it ended. */
    record RunOutcome(RunPoint point, BenchmarkRun.Outcome outcome) {}

    /**
     * The exit status for a set of outcomes.
     *
     * @param failOn which failures that a complete run survived also count as a failed run
     */
    static int exitCode(List<BenchmarkRun.Outcome> outcomes, StopSignal stop, FailOn failOn) {
        if (stop.stopped()) {
            return Main.SIGTERM.equals(stop.reason()) ? ExitCodes.TERMINATED : ExitCodes.INTERRUPTED;
        }
        boolean failed = outcomes.stream().anyMatch(o -> o.status() != RunEnd.Status.COMPLETE
                || failOn.errors() && o.sendErrors() > 0 || failOn.loss() && o.undelivered() > 0);
        return failed ? ExitCodes.RUN_FAILED : ExitCodes.OK;
    }

    /** {@code --fail-on-errors} and {@code --fail-on-loss}. */
    record FailOn(boolean errors, boolean loss) {}
}
