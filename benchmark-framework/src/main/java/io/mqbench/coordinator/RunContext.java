package io.mqbench.coordinator;

import io.mqbench.config.DriverFile;
import io.mqbench.coordinator.maxrate.RateSearch;
import io.mqbench.faults.FaultSchedule;
import io.mqbench.result.ResultAssembler;
import io.mqbench.result.RunEnd;
import io.mqbench.result.TestResult;
import io.mqbench.worker.Worker;
import io.mqbench.workload.Workload;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the phases of one run share: what to run, where, and what has been built and measured
 * so far. Phases read and fill it in order; nothing else holds run state.
 */
final class RunContext {
    final Worker worker;
    final DriverFile driver;
    final Workload workload;
    final File workloadFile;
    final List<byte[]> payloads;
    final StopSignal stop;
    final Console console;
    /** The result so far, to read; phases hand what they find to the {@link #assembler}, its only writer. */
    final TestResult result;
    final ResultAssembler assembler;
    /** The workload's mode: what the start, the warm-up and the measured phase do. */
    final MeasurementMode mode;

    /** Topic names, as created. */
    final List<String> topics = new ArrayList<>();

    /** Subscription keys ({@code topic/subscription}) by topic, including those nobody consumes. */
    final Map<String, List<String>> subscriptionsByTopic = new LinkedHashMap<>();

    /** The rate producers are asked for now; changed by the rate search. */
    double targetRate;

    /** When the producers started, for times reported relative to it. */
    long loadStartNanos;

    /** Set for {@code producerRate: 0}: searches during the warm-up, then judges the measured phase. */
    RateSearch rateSearch;
    /** How the max-rate search started the measured phase's first attempt (the drain and settling before it). */
    RateSearch.Restart measuredRestart;

    /**
     * For {@code producerRate: 0}: the rate of the measured attempt whose periods the result holds,
     * null before the first. Between two attempts {@link #targetRate} is already elsewhere (0 while
     * the backlog drains, then the next attempt's) while the periods are still the last attempt's.
     */
    Double measuredAttemptRate;

    /** True once the measured phase has recorded its first period (a stop after it is "partial"). */
    boolean measurementStarted;

    /** The workers' own CPU, GC and heap, sampled with every period. */
    final ClientLoadMeter clientLoad = new ClientLoadMeter();

    /** The workload's faults, checked before the run touched a broker; null without faults. */
    FaultSchedule faults;

    /** What the fault schedule did, once the measured phase ended. */
    FaultSchedule.Ending faultEnding;

    /** How the run went, for the teardown (which may add why one of its steps failed); set once the load phases have ended. */
    RunEnd end = RunEnd.complete();

    /** Set when the measured phase ended without doing what the workload asked (a message count not reached). */
    String shortOfWorkload;

    RunContext(Worker worker, DriverFile driver, Workload workload, File workloadFile, List<byte[]> payloads, StopSignal stop, Console console) {
        this.worker = worker;
        this.driver = driver;
        this.workload = workload;
        this.workloadFile = workloadFile;
        this.payloads = payloads;
        this.stop = stop;
        this.console = console;
        this.assembler = new ResultAssembler(workload.subscriptionsPerTopic);
        this.result = assembler.result();
        this.mode = MeasurementMode.of(workload);
    }

    /** Adds a warning to the result and prints it; see {@link TestResult#warnings}. */
    void warn(String text) {
        assembler.warning(text);
        console.info("WARNING: " + text);
    }

    boolean hasConsumers() {
        return workload.hasConsumers();
    }

    int producerCount() {
        return workload.topics * workload.producersPerTopic;
    }

    /** Mean message size, for byte-based targets such as the backlog size. */
    double meanPayloadSize() {
        return payloads.stream().mapToInt(p -> p.length).average().orElse(workload.messageSize);
    }
}
